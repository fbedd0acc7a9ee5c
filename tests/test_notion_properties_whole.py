"""A Notion page's property block read whole (heuristic rules 30): keys as Notion users name them
(`Amount (HT)`, `Budget (days)`, `📅 Date`, `status`, `Related to Projects (Tasks)`) no longer stop it before its
`Created:`; a meeting row's `Date:` dates the page before its creation does; a relation property's `Title
(../Projects%20….md)` links its page, its encoded path names nothing and is no part of a snippet."""
from __future__ import annotations

from minirag_cli import frontmatter
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor, link_targets
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

PROJECT = "../Projects%207659c553eb26a02b348ca747c50ed704/Halden%20Foods%20pricing%20review%20c6b0dae58163349e4ab8a2224818d5e3.md"
INVOICE = (
    "# INV-2026-029 Northpeak Bikes\n\n"
    "Client: Northpeak Bikes\n"
    f"Project: Halden Foods pricing review ({PROJECT})\n"
    "Amount (HT): €6,800.00\n"
    "VAT: €1,360.00\n"
    "Total (TTC): €8,160.00\n"
    "Issued: October 15, 2026\n"
    "Status: Overdue\n"
    "Paid on: December 4, 2026\n"
    "Created: October 15, 2026 7:02 PM\n\n"
    "Final 20% milestone of the market entry project.\n")
MEETING = (
    "# Halden final readout\n\n"
    "Date: December 15, 2026 2:00 PM\n"
    "Type: Readout\n"
    f"Project: Halden Foods pricing review ({PROJECT})\n"
    "Attendees: Sofia Lindqvist, Martin Okafor\n"
    "Created: December 2, 2026 5:45 PM\n\n"
    "- [ ] Send the agenda to Sofia\n")


def test_the_keys_notion_users_write_leave_the_block_whole():
    text = ("# Website refresh\n\n📅 Date: December 15, 2026 2:00 PM\n% complete: 40%\nstatus: In progress\n"
            "Hours/week: 4\nPhone #: +33 6 12 48 77 30\nPrice (€): 1,200\nBudget (days): 15\n"
            "Related to Projects (Tasks): Halden Foods pricing review (Halden%20Foods%20pricing%20review.md)\n"
            "Created: December 2, 2026 5:45 PM\n\nThe body: its lines are no properties.\n")
    keys = [p.key for p in frontmatter.notion_properties(text)]
    assert keys == ["📅 Date", "% complete", "status", "Hours/week", "Phone #", "Price (€)", "Budget (days)",
                    "Related to Projects (Tasks)", "Created"], keys
    assert frontmatter.notion_created(text) == "2026-12-02 17:45"
    assert frontmatter.notion_day(text) == "2026-12-15 14:00"  # the emoji decorates the key


def test_a_notes_own_first_lines_are_no_property_block():
    for text in ("# Call\n\nNote: call back\nTODO: send the deck\n",
                 "# Reply\nRe: your email\nSam: hi\nPriya: see you at 10\n",
                 "# Standup\n\nDate: December 15, 2026 2:00 PM\nStatus: done\n",  # no Notion `Created:`
                 "# Plan\n\nSome words first.\n\nCreated: November 4, 2017 9:00 AM\n"):
        assert frontmatter.notion_properties(text) == [], text
        assert frontmatter.notion_day(text) == frontmatter.notion_created(text) == ""


def test_a_meeting_rows_date_dates_it_before_its_creation():
    assert frontmatter.notion_day(MEETING) == "2026-12-15 14:00"
    assert frontmatter.notion_day(INVOICE) == ""  # no day property: its creation dates it
    assert frontmatter.notion_created(INVOICE) == "2026-10-15 19:02"
    trip = MEETING.replace("Date: December 15, 2026 2:00 PM", "Dates: December 10, 2026 → December 11, 2026")
    assert frontmatter.notion_day(trip) == "2026-12-10"
    when = MEETING.replace("Date: December 15, 2026 2:00 PM", "When: December 16, 2026")
    assert frontmatter.notion_day(when) == "2026-12-16"


def test_a_relation_links_its_page_and_its_path_names_nothing():
    names = {m.name: m.type for m in HeuristicExtractor().extract_one(INVOICE)}
    assert "Halden Foods pricing review" in names, names
    assert not {"Projects", "Overdue", "Paid", "HT", "TTC", "Amount", "Created"} & set(names), names
    assert [t.name for t in link_targets(INVOICE)] == ["Halden Foods pricing review"]
    several = INVOICE.replace(f"Project: Halden Foods pricing review ({PROJECT})",
                              "Key contacts: Sofia Lindqvist (../Contacts%20a1/Sofia%20Lindqvist%20479c46c5abc81aef6c"
                              "2afb51963c2aac.md), Martin Okafor (../Contacts%20a1/Martin%20Okafor%205d76ac3563b03c66f7"
                              "a8419bf14403e1.md)")
    assert [t.name for t in link_targets(several)] == ["Sofia Lindqvist", "Martin Okafor"]
    assert "Contacts" not in {m.name for m in HeuristicExtractor().extract_one(several)}


def test_a_relations_path_is_no_part_of_its_snippet():
    shown = frontmatter.snippet_text(INVOICE)
    assert "Project: Halden Foods pricing review\n" in shown, shown
    assert "%20" not in shown
    plain = "# Reading\n\nSee the talk (slides.md) and the notes.\n"  # no property block: as written
    assert frontmatter.snippet_text(plain) == plain


def test_the_meeting_is_of_its_day_and_the_project_is_linked(tmp_path):
    write_notes(tmp_path / "notes", {
        "Meeting notes 1a/Halden final readout 9018d5060c0617724b5033c368e5332a.md": MEETING,
        "Invoices 2b/INV-2026-029 Northpeak Bikes 5cd71302bf755e0766d5bd317b423135.md": INVOICE + "- [ ] Chase\n",
        "Projects 7659c553eb26a02b348ca747c50ed704/Halden Foods pricing review c6b0dae58163349e4ab8a2224818d5e3.md":
            "# Halden Foods pricing review\n\nStatus: In progress\nBudget (days): 15\n"
            "Created: October 2, 2026 9:14 AM\n\n- [ ] Draft the memo\n",
    })
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        dates = {t.path.split("/")[0]: t.note_date for t in index.tasks(state="all")}
        assert dates == {"Meeting notes 1a": "2026-12-15", "Invoices 2b": "2026-10-15",
                         "Projects 7659c553eb26a02b348ca747c50ed704": "2026-10-02"}, dates
        linking = index.conn.execute(
            "SELECT count(DISTINCT m.chunk_id) FROM mentions m JOIN entities e ON e.id = m.entity_id "
            "WHERE e.name = 'Halden Foods pricing review'").fetchone()[0]
        assert linking == 3, linking


def test_a_day_no_calendar_has_leaves_the_page_to_its_creation():
    """fixN (review of notionprops): `Date: February 31, 2026` headed the page `date: 2026-02-31`, a day no
    query meets, and its tasks had no date; its `Created:` dates it."""
    bad = MEETING.replace("Date: December 15, 2026 2:00 PM", "Date: February 31, 2026")
    assert frontmatter.notion_day(bad) == ""
    assert frontmatter.notion_created(bad) == "2026-12-02 17:45"
    assert frontmatter.notion_day(MEETING.replace("December 15, 2026", "February 29, 2028")) == "2028-02-29 14:00"
    assert frontmatter.notion_day(MEETING.replace("December 15, 2026", "February 29, 2027")) == ""


def test_a_person_with_their_title_under_the_block_is_named():
    """fixN: a speaker's line right under `Created:` (`Dr. Chen: review Friday`) was read as a property key,
    which names nothing: a person's title ends the block. Keys as users name them still read."""
    created = "Created: December 2, 2026 5:45 PM\n"
    text = f"# Kickoff\n\n{created}Dr. Chen: review Friday with Priya Raman\nMrs. Okafor: sends the deck\n\nx\n"
    assert [p.key for p in frontmatter.notion_properties(text)] == ["Created"]
    names = {m.name for m in HeuristicExtractor().extract_one(text)}
    assert {"Chen", "Okafor", "Priya Raman"} <= names, names
    undotted = f"# Kickoff\n\n{created}Prof Berg: sends the slides\n\nx\n"
    assert [p.key for p in frontmatter.notion_properties(undotted)] == ["Created"]
    for key in ("Drive folder", "Mrsa risk", "Doctor visit", "Status", "Dream team", "Date"):
        page = f"# Page\n\n{key}: December 3, 2026\n{created}\nx\n"
        assert [p.key for p in frontmatter.notion_properties(page)] == [key, "Created"], key


def test_a_decorated_people_key_names_its_people():
    """fixN: `👤 Assignee:` is `Assignee:` with the user's emoji (frontmatter.notion_key), as `📅 Date:` is
    `Date:`."""
    from minirag_cli.extract.heuristic import notion_people
    text = "# Task\n\n👤 Assignee: Priya Raman\nCreated: December 2, 2026 5:45 PM\n\nx\n"
    assert notion_people(frontmatter.notion_properties(text)) == ["Priya Raman"]


def test_a_long_relation_value_is_read_in_one_pass():
    """fixN: a 60 KB relation value of many `, `-separated words before one page (`a, a, … b (x y.md)`) took
    51 s, one regex tried from every `, `; its pages are read from its pieces, the same pages."""
    many = ", ".join(f"Page {i} (../P/Page%20{i}%20abc.md)" for i in range(2000))
    text = f"# P\n\nCreated: December 2, 2026 5:45 PM\nRelated: {many}\n\nbody\n"
    assert len(link_targets(text)) == 2000
    worst = "# P\n\nCreated: December 2, 2026 5:45 PM\nRelated: " + "a, " * 20_000 + "b (x y.md)\n\nbody\n"
    # no timing here (speed lives in bench/): the pieces are matched one by one, so this takes milliseconds; the
    # regex over the whole value ran 51 s on it
    assert frontmatter.notion_relations(frontmatter.notion_properties(worst)) == []
