"""A German vault (qa39). German days (readers 12, heuristic rules 23): a German vault names its daily notes
`05.10.2026.md`, heads them `# Dienstag, 06.10.2026` and writes `am 3. Oktober 2026`, `5. Okt.`, `14. Februar`; a German user
asks "Was habe ich am 3. Oktober gemacht?". Day first with a dot after each number, or the month's German name
after the day's dot (text.german_dates): such a note is dated (its header's `date:` line, its tasks' day), the
days are date entities, and a question that writes one asks that day. A numbered list's `1. August` or `2. Jan
Meier` opening its line is no date without a year."""

from __future__ import annotations

import json
import subprocess

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.retrieve import search
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.text import find_dates, written_days
from tests.conftest import write_notes

NOTES = {
    "Daily/05.10.2026.md": "# Mo., 5. Okt.\n\nBesprechung mit Jürgen um 10 Uhr, danach Mittagessen in der Kantine.\n"
                           "- [ ] Angebot an Frau Schröder schicken\n",
    "Daily/06.10.2026.md": "# Dienstag, 06.10.2026\n\nDer Techniker war da und hat das Ventil getauscht.\n",
    "Daily/Samstag.md": "# Samstag\n\nAm 3. Oktober 2026 frei gehabt, im Tiergarten joggen gewesen.\n",
    "Reise.md": "# Reise\n\nIch habe gelernt, dass ich am Dienstag nichts gemacht habe. Was habe ich vergessen?\n"
                "1. August wir fahren nach Rom\n2. Jan Meier holt uns ab\n",
    **{f"misc/notiz{i}.md": f"Ich habe heute Einkauf Nummer {i} gemacht und das Fahrrad geputzt.\n" for i in range(8)},
}


def _sync(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=60, overlap_tokens=6))
    return conn


def _header(conn, path):
    return conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? "
                        "ORDER BY c.seq", (path,)).fetchone()[0]


def test_german_days_are_read_and_a_list_item_is_none():
    assert [d for _s, d in find_dates("Am 3. Oktober 2026 frei, Termin am 20.10.2026, bis 5. Okt.")] == [
        "2026-10-03", "2026-10-20", "--10-05"]
    assert [s for s, _d in find_dates("Geburtstag: 14. Februar.")] == ["14. Februar"]
    assert find_dates("1. August wir fahren\n2. Jan Meier holt uns ab\nVersion 1.2.2026.1, 3.10.") == []
    assert [d for _s, d in find_dates("1. August 2026 fahren wir")] == ["2026-08-01"]
    assert [(y, m, d) for _m, y, m, d in written_days("Was habe ich am 3. Oktober gemacht?")] == [(None, 10, 3)]
    assert [(y, m, d) for _m, y, m, d in written_days("Was war am 03.10.2026?")] == [("2026", 10, 3)]
    # a question's day in figures without its year, after a preposition of days; no other number
    assert [(y, m, d) for _m, y, m, d in written_days("Was habe ich am 3.10. gemacht?")] == [(None, 10, 3)]
    assert written_days("Was kostet 3.10. Euro?") == []


def test_a_german_daily_note_is_dated_and_found_by_its_day(tmp_path, mrag_bin):
    conn = _sync(tmp_path)
    # named day first with dots, headed by a day in figures: dated as `2026-10-05.md` is
    assert _header(conn, "Daily/05.10.2026.md").split("\n")[0] == "# Mo., 5. Okt. · date: 2026-10-05"
    assert _header(conn, "Daily/06.10.2026.md").split("\n")[0] == "# Dienstag, 06.10.2026 · date: 2026-10-06"
    dates = {k for (k,) in conn.execute("SELECT key FROM entities WHERE type = 'date'")}
    assert {"date:2026-10-03", "date:2026-10-05", "date:2026-10-06"} <= dates
    assert not {k for k in dates if k.startswith(("date:--08-01", "date:--01-02"))}  # the numbered list
    for question, path in (("Was habe ich am 5. Oktober 2026 gemacht?", "Daily/05.10.2026.md"),
                           ("what did I do on 6 October 2026?", "Daily/06.10.2026.md"),
                           ("Was habe ich am 06.10.2026 gemacht?", "Daily/06.10.2026.md"),
                           ("Was habe ich am 3. Oktober gemacht?", "Daily/Samstag.md")):
        results = search(conn, question, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
        assert results and results[0]["path"] == path, (question, [r["path"] for r in results])
    conn.close()
    # its tasks are of its day
    out = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "tasks", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    tasks = json.loads(out.stdout)
    assert [t["note_date"] for t in tasks if t["path"] == "Daily/05.10.2026.md"] == ["2026-10-05"]


def test_a_german_question_searches_its_words_not_its_function_words(tmp_path):
    """`Wann habe ich mit Jürgen gesprochen?`: BM25 searched `wann`, `habe`, `ich` and `mit` as words (English's
    STOPWORDS are dropped), and ranked a note that says "ich habe ... mit" many times, of no Jürgen, first. A German
    question drops German's function words (text.GERMAN_STOPWORDS); an English one keeps what it kept."""
    from minirag_cli.retrieve import fts_query

    root = tmp_path / "notes"
    write_notes(root, {
        "Telefonat.md": "# Telefonat\n\nHeute mit Jürgen über das Angebot gesprochen.\n",
        "Tagebuch.md": "# Tagebuch\n\nIch habe gelernt, wann ich mit dem Rad fahre. Ich habe mit Anna gekocht, "
                       "ich habe mit Tom gelesen, und wann ich mit Lea laufe, habe ich vergessen.\n",
        **{f"misc/notiz{i}.md": f"Einkauf Nummer {i}: Brot, Milch, Jürgen fragen.\n" for i in range(4)},
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    results = search(conn, "Wann habe ich mit Jürgen gesprochen?", embedder=HashingEmbedder(dim=32), mode="bm25",
                     k=5).results
    assert results[0]["path"] == "Telefonat.md", [r["path"] for r in results]
    conn.close()
    assert fts_query("Wann habe ich mit Jürgen gesprochen?") == '"jürgen" OR "gesprochen"'
    # English keeps its words, German-looking or not ("die", "war" are English words too)
    assert fts_query("what did die hard fans write in the war?") == '"die" OR "hard" OR "fans" OR "write" OR "war"'


def test_german_notes_name_no_reporting_verb_day_abbreviation_or_short_notes_noun(tmp_path):
    """Rules 23 (qa39): `Jürgen sagte:` and `Zoë meinte:` named `Jürgen sagte` and `Zoë meinte` (German's reporting
    verbs, as `Dr. Chen said:`: REPORTING_VERBS); `# Mo., 5. Okt.` named `Mo` (a German day abbreviated before a
    date); a short German note (`Dies ist die Übersicht über meine Notizen.`: two German function words, no English
    one) was read as no German, so its nouns after an article were names (`Notizen`). `Mo Farah` still names."""
    root = tmp_path / "notes"
    write_notes(root, {
        "Zitate.md": "# Zitate\n\nJürgen sagte: „Wir müssen schneller liefern.“\n"
                     "Zoë meinte: „Das schaffen wir nicht ohne mehr Leute.“\n",
        "Daily/05.10.2026.md": "# Mo., 5. Okt.\n\nBesprechung mit Jürgen Müller um 10 Uhr.\n",
        "Übersicht.md": "# Übersicht\n\nDies ist die Übersicht über meine Notizen.\n",
        "Runs.md": "# Runs\n\nRan with Mo Farah's training plan.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    conn.close()
    assert not names & {"Jürgen sagte", "Zoë meinte", "Mo", "Notizen"}, sorted(names)
    assert {"Jürgen Müller", "Mo Farah"} <= names, sorted(names)


def test_the_rules_are_23_and_the_readers_12():
    from minirag_cli.extract.heuristic import VERSION
    from minirag_cli.walk import READER_VERSION

    assert VERSION >= 23 and READER_VERSION >= 12


def test_a_german_month_with_its_year_is_asked(tmp_path):
    """`Was habe ich im Oktober 2026 gemacht?` asked no month (`Oktober` is no English month word): its notes had no
    date vote and the month's phrase was searched as two words. German's own month words with their year are months
    (`im Oktober 2026`, `Okt. 2026`, `März 2026`); without a year `Mai` stays a word a name may be."""
    from minirag_cli.text import asked_months, date_terms

    assert [g.months for g in asked_months("Was habe ich im Oktober 2026 gemacht?")] == [(("2026", 10),)]
    assert [g.months for g in asked_months("Was war im Okt. 2026 und im März 2027?")] == [(("2026", 10),),
                                                                                         (("2027", 3),)]
    assert asked_months("Was hat Mai gesagt?") == [] and date_terms("Was hat Mai gesagt?", ["2026"]) == []
    root = tmp_path / "notes"
    write_notes(root, {
        "Daily/09.10.2026.md": "# Freitag\n\nFolien fertig gemacht und verschickt.\n",
        "Daily/2026-09-28.md": "# Montag\n\nErster Arbeitstag nach dem Urlaub gemacht.\n",
        "Rezepte.md": "# Rezepte\n\nIm Oktober habe ich Kuchen gemacht, im Oktober auch Brot gemacht.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    results = search(conn, "Was habe ich im Oktober 2026 gemacht?", embedder=HashingEmbedder(dim=32), mode="bm25",
                     k=5).results
    conn.close()
    assert results[0]["path"] == "Daily/09.10.2026.md", [r["path"] for r in results]


def test_a_role_before_a_person_s_title_is_no_part_of_the_name(tmp_path):
    """`Mein Nachbar Herr Öztürk`, `Zahnarzt Dr. Schäfer` were names whole (and `Hausärztin Dr` one of `Hausärztin
    Dr. med. Lena Vogt`): a role before a title is no part of the name the title opens, which is a person's, as
    `Dr. Schäfer` alone is (rules 23); English's too (`Board Chair Dr. Lee`)."""
    root = tmp_path / "notes"
    write_notes(root, {
        "Straße.md": "# Straße\n\nIch wohne in der Kastanienallee. Mein Nachbar Herr Öztürk hat eine Werkstatt.\n",
        "Gesundheit.md": "# Arzttermine\n\nZahnarzt Dr. Schäfer am 20.10.2026 um 9:30.\n"
                         "Hausärztin Dr. med. Lena Vogt, Praxis in der Schönhauser Allee.\n",
        "Gala.md": "# Gala\n\nWe met Board Chair Dr. Lee at the gala.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(), options=SyncOptions())
    found = dict(conn.execute("SELECT name, type FROM entities"))
    conn.close()
    assert {k: found.get(k) for k in ("Öztürk", "Schäfer", "Lee")} == {"Öztürk": "person", "Schäfer": "person",
                                                                       "Lee": "person"}, found
    assert not set(found) & {"Nachbar Herr Öztürk", "Zahnarzt Dr. Schäfer", "Hausärztin Dr", "Board Chair Dr. Lee"}
    assert "Lena Vogt" in found
