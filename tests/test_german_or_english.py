"""German rules stay in German text (fixE, review revE of qa39). qa39 taught the heuristic extractor and the
questions German days, months, names and function words (heuristic rules 23, readers 12); read where a note or a
question is English, they cost English users what they had: a short note of names with a particle read as German
(`Ursula von der Leyen, Olaf Scholz` lost Leyen), a role's place before `Dr.` was cut where no role stood there
(`Keurig Dr Pepper` named Pepper), an English keyword query of names that are German function words searched
nothing (`Wen Du`), `Mo` or `Di` before a number was a German weekday (`Coffee with Mo 2026-10-05`), and `5. Jan`,
`2. August` were days in English prose and headings. German notes and questions keep qa39's gains."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes


def _entities(tmp_path, notes: dict[str, str]) -> dict[str, str]:
    """name -> type of the entities a real sync of `notes` finds."""
    root = tmp_path / "notes"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    found = dict(conn.execute("SELECT name, type FROM entities"))
    conn.close()
    return found


def test_a_short_english_note_of_names_with_a_particle_is_no_german(tmp_path):
    """`von der`, `van der` are two German function words and no English one: a short note of them read as German
    (text.german), and `der Leyen` was a German noun after its article. An article after a name's particle is the
    name's; a short note is German only with a word no English text writes (`ist`, `und`, `ich`...)."""
    from minirag_cli.extract.heuristic import german

    assert not german("Ursula von der Leyen, Olaf Scholz")
    assert not german("Edwin van der Sar, Ruud van der Wal")
    assert german("Besprechung mit Jürgen um 10 Uhr in der Kantine.")  # qa39's
    assert german("Ich komme von der Arbeit.")
    found = _entities(tmp_path, {
        "eu.md": "Ursula von der Leyen, Olaf Scholz\n",
        "squad.md": "Edwin van der Sar, Ruud van der Wal\n",
        "contact.md": "Jan van der Berg\n",
        "notiz.md": "Besprechung mit Jürgen um 10 Uhr in der Kantine.\n",
    })
    # a line's first name keeps its particle apart, one after a comma joins it (heuristic rules 32, names32b/fixNB)
    assert {"Leyen", "Olaf Scholz", "Sar", "Ruud van der Wal", "Berg"} <= set(found), sorted(found)
    assert not {"Kantine", "Uhr"} & set(found), sorted(found)  # a short German note's nouns stay no names


def test_a_title_cuts_a_name_only_after_a_role(tmp_path):
    """qa39 cut a name before any `Dr`/`Mr` inside it and dropped one ending it: `Keurig Dr Pepper` named a person
    Pepper, `Fantastic Mr. Fox` Fox, `Lakeview Dr Park` Park, `Martin Luther King Dr.` lost its `Dr`. Only roles before
    a title are no part of the name (TITLE_ROLES: `CEO`, `Senator`, `Zahnarzt`...)."""
    found = _entities(tmp_path, {
        "news.md": "Keurig Dr Pepper bought the company.\n\nWatched Fantastic Mr. Fox with the kids.\n\n"
                   "Meet at 40 Lakeview Dr Park entrance with Jill.\n\nLives at 1200 Martin Luther King Dr. in Austin.\n\n"
                   "The house on Sunset Dr. is for sale, said Tom.\n",
        "people.md": "CEO Dr. Smith opened the meeting. Senator Dr. Rand Paul spoke.\n",
        "Arzt.md": "Wir waren bei Zahnarzt Dr. Schäfer und es war gut, ich bin froh.\n",
    })
    assert {"Keurig Dr Pepper", "Fantastic Mr. Fox", "Lakeview Dr Park", "Martin Luther King Dr", "Sunset Dr"} \
        <= set(found), sorted(found)
    assert not {"Pepper", "Fox", "Park", "Martin Luther King", "Sunset"} & set(found), sorted(found)
    assert {k: found.get(k) for k in ("Smith", "Rand Paul", "Schäfer")} == dict.fromkeys(
        ("Smith", "Rand Paul", "Schäfer"), "person"), found


def test_an_english_query_of_names_that_are_german_words_searches_them(tmp_path):
    """qa39 dropped German's function words from any query of two of them and fewer English ones: `Wen Du` searched
    nothing, `Li Hua and Wen Du` lost Wen Du, `MIT von Neumann lecture` lost MIT. A question is German by two of
    German's own verbs, pronouns or question words (text.german_question), and there a capitalised function word
    mid-question is a name, kept."""
    from minirag_cli.retrieve import fts_query, search

    root = tmp_path / "notes"
    write_notes(root, {
        "wen.md": "# Lease\n\nCalled Wen Du about the lease on Friday.\n",
        "mit.md": "# Lectures\n\nThe MIT lecture on von Neumann machines was packed.\n",
        **{f"misc/note{i}.md": f"# Note {i}\n\nGroceries and the lecture notes of week {i}.\n" for i in range(4)},
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    for question, path in (("Wen Du", "wen.md"), ("Li Hua and Wen Du", "wen.md"), ("MIT von Neumann lecture", "mit.md")):
        results = search(conn, question, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
        assert results and results[0]["path"] == path, (question, [r["path"] for r in results])
    conn.close()
    assert fts_query("Wen Du") == '"wen" OR "du"'
    assert fts_query("Wann habe ich mit Jürgen gesprochen?") == '"jürgen" OR "gesprochen"'  # qa39's
    assert fts_query("Wann habe ich Wen Du angerufen?") == '"wen" OR "du" OR "angerufen"'


def test_mo_and_di_before_a_number_in_english_are_names(tmp_path):
    """qa39 read `Mo`, `Di` before any day or decimal as German weekdays abbreviated: `Coffee with Mo 2026-10-05`,
    `Ran the loop with Mo, 10.5 km`, `Paid Di 20.50` lost Mo and Di. A German day's abbreviation is one in German text
    or opening a line (`# Mo., 5. Okt.`), before a German day (`5. Okt.`, `13.10.2026`), no decimal or ISO day."""
    found = _entities(tmp_path, {
        "coffee.md": "Coffee with Mo 2026-10-05 about the lease.\n",
        "run.md": "Ran the loop with Mo, 10.5 km in 52 minutes.\n",
        "tickets.md": "Paid Di 20.50 for the tickets.\n",
        "Daily/05.10.2026.md": "# Mo., 5. Okt.\n\nTermin mit Anna.\n\n# Di. 06.10.2026\n\nArzt.\n",
    })
    assert {"Mo", "Di"} <= set(found), sorted(found)
    conn = db.connect(tmp_path / "index.sqlite")
    named = {p for (p,) in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id "
        "JOIN documents d ON d.id = c.document_id WHERE e.name IN ('Mo', 'Di')")}
    conn.close()
    assert named == {"coffee.md", "run.md", "tickets.md"}, named  # the German daily note's are days


def test_a_numbered_item_before_a_month_word_is_no_day_in_english(tmp_path):
    """qa39 read `number. month` as a German day without its year anywhere but a list item opening its line:
    `Ranking: 1. Mai Nguyen 2. Jun Park`, `## 2. August plans`, `ran until 5. Jan left early`, `Agenda: 1. Budget
    2. Jan's report` made date entities, and `step 2. Jan` asked a day. Without its year such a day needs German text,
    a preposition of days (`am 1. August`) or a month only German writes (`14. Februar`, `5. Okt.`)."""
    from minirag_cli.text import written_days

    conn_notes = {
        "ranking.md": "Ranking: 1. Mai Nguyen 2. Jun Park 3. August Wilson\n",
        "interview.md": "Interview questions\n\n## 1. Jan's background\n\n## 2. August plans\n",
        "meeting.md": "Jan Novak came by. The meeting ran until 5. Jan left early.\n",
        "agenda.md": "Agenda: 1. Budget 2. Jan's report 3. Hiring\n",
        "Geburtstage.md": "Geburtstag von Oma: 14. Februar. Termin bei Frau Schröder: 5. Okt.\n",
    }
    _entities(tmp_path, conn_notes)
    conn = db.connect(tmp_path / "index.sqlite")
    days = {k for (k,) in conn.execute("SELECT key FROM entities WHERE type = 'date'")}
    conn.close()
    assert days == {"date:--02-14", "date:--10-05"}, days
    assert written_days("What did Jan say in step 2. Jan?") == []
    assert written_days("Meeting at 9 am 3.10. with Tom") == []  # English's a.m.; a German `am 3.10.` is a day
    assert [(y, m, d) for _m, y, m, d in written_days("Was habe ich am 3.10. gemacht?")] == [(None, 10, 3)]
    assert [(y, m, d) for _m, y, m, d in written_days("Was war am 1. August?")] == [(None, 8, 1)]  # qa39's


def test_a_german_day_of_a_list_month_is_keyed_by_its_day(tmp_path):
    """`am 3. August` of a German note is a date entity, but its name alone (`3. August`) read as a numbered list's
    item, so its key was `3august`, no day's: `date:--08-03` is."""
    _entities(tmp_path, {"Arzt.md": "Ich war am 3. August beim Arzt und es ist gut.\n"})
    conn = db.connect(tmp_path / "index.sqlite")
    days = {k for (k,) in conn.execute("SELECT key FROM entities WHERE type = 'date'")}
    conn.close()
    assert days == {"date:--08-03"}, days
