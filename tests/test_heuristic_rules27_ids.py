"""Heuristic rules 27 (ids: qae's on-call engineer's vault). Ticket and incident ids were entities in some places and
not in others (`(OPS-1423)`, `Open tickets: OPS-1450` none; `Ticket OPS-1398` one name), `UTC` was the vault's top
entity beside `CET`, `PUT`, `@here`, `Severity`, `Closed this week` and a pasted log's Java classes; a question
naming an id exactly (`INC-2026-109`) ranked notes of its neighbours (`INC-2026-114`) first, their names seeded by
the question's vector; an unknown host (`db-prod-07`) was not said to be in no note found. Each through a real sync,
as `mrag sync` runs it (heuristic names, hashing vectors), with look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from minirag_cli.idnames import id_held, ids_in, is_id
from tests.conftest import synced_entities, synced_names, write_notes


def test_the_rules_are_27():
    assert VERSION >= 27


# 0. what an id is (idnames.is_id), and where a text holds one
@pytest.mark.parametrize("name, expected", [
    ("INC-2026-109", True), ("OPS-1423", True), ("PR #839", True), ("v2.14.1", True), ("db-prod-03", True),
    ("db-prod-03.eu-west-1", True), ("HikariPool-1", False),  # fixI: a ticket, host or version only
    ("Priya Raman", False), ("2026-11-03", False), ("Q3", False), ("mp3", False), ("see #12", False),
    ("payments-api", False), ("v2.14.1.", False), ("14:32", False),
])
def test_an_id_is_letters_and_digits_in_joined_parts(name, expected):
    assert is_id(name) is expected


def test_the_ids_a_question_writes():
    assert ids_in("when did db-prod-07 fail after v2.14.1, in PR #839 (OPS-1423)?") == [
        "db-prod-07", "v2.14.1", "PR #839", "OPS-1423"]
    assert ids_in("what did Dana say on 2026-11-03 at 14:32 about payments-api?") == []


@pytest.mark.parametrize("name, text, held", [
    ("db-prod-03", "ssh db-prod-03.eu-west-1", True),
    ("PR #839", "merged pr 839 today", True),
    ("OPS-150", "OPS-1500 is open", False),
    ("db-prod-07", "db-prod-03 on 2026-11-07", False),  # its words apart hold nothing
])
def test_an_id_is_held_as_written_its_joints_aside(name, text, held):
    assert id_held(name, text) is held


# 1. a ticket's id is one name wherever it is written
@pytest.mark.parametrize("text, ids", [
    ("**Severity:** SEV1  **Ticket:** OPS-1423  **Author:** me\n", {"OPS-1423"}),
    ("- [x] Roll back v2.14.1 (OPS-1423)\n- [ ] Alert on pool saturation (OPS-1432) — owner me\n",
     {"OPS-1423", "OPS-1432"}),
    ("Open tickets: OPS-1450 (JWKS cache, open), OPS-1431 (backoff).\nClosed this week: OPS-1432. Quiet week.\n",
     {"OPS-1450", "OPS-1431", "OPS-1432"}),
    ("Kenji freed 40 GB. Ticket OPS-1398, closed.\n", {"OPS-1398"}),
    ("Finished OPS-1432: alert fires when pending > 10.\n", {"OPS-1432"}),
    ("# INC-2026-109: db-prod-03 ran out of disk\n", {"INC-2026-109"}),
    ("Chased the Terraform PR #839 with Tomasz.\n", {"PR #839"}),
])
def test_a_ticket_id_is_one_name_wherever_it_is_written(tmp_path, text, ids):
    names = synced_names(tmp_path, {"note.md": text})
    assert ids <= names
    assert not any(n != i and n.endswith(i) for n in names for i in ids)  # not glued: `Ticket OPS-1398`


def test_a_ticket_id_is_one_entity_of_every_note_writing_it(tmp_path):
    from minirag_cli import db
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder
    from minirag_cli.extract.heuristic import HeuristicExtractor

    write_notes(tmp_path / "notes", {
        "a.md": "- [ ] Alert on Hikari pool saturation (OPS-1432) — owner me\n",
        "b.md": "Kenji approved the design. Started OPS-1432 (Hikari pool alert).\n",
        "c.md": "Finished OPS-1432: alert fires when pending > 10.\n",
        "d.md": "Open tickets: OPS-1450.\nClosed this week: OPS-1432.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"),
                     extractor=HeuristicExtractor())
        notes = conn.execute("SELECT COUNT(DISTINCT c.document_id) FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
                             "JOIN entities e ON e.id = m.entity_id WHERE e.name = 'OPS-1432'").fetchone()[0]
    finally:
        conn.close()
    assert notes == 4


# 2. time zones, HTTP methods, `@here`/`@me`, an on-call note's labels and a stack trace name nothing
@pytest.mark.parametrize("text, names", [
    ("At 09:10 CET (08:10 UTC) Tomasz paged Kenji.\n", {"Tomasz", "Kenji"}),
    ("- retries only on idempotent requests (GET, PUT, DELETE) or POST with a key\n", set()),
    ("> **@me** 02:23: cache is cold\n> **@tomasz.k** 02:40: @here should we page Dana?\n", {"@tomasz.k", "Dana"}),
    ("Severity: SEV2\nEscalation: Dana O'Neill (manager)\nVerify: the pods are up\n", {"SEV2", "Dana O'Neill"}),
    ("Standup: paired with Kenji Watanabe.\n", {"Kenji Watanabe"}),
    ("Known flaky: `ChargeServiceTest` — rerun once.\n", set()),
    ("Closed this week: OPS-1432.\n", {"OPS-1432"}),
    ("Runbook: Postgres disk pressure\n", set()),
    ("**Severity:** SEV1  **Ticket:** OPS-1423  **Author:** me, reviewed by Priya Raman\n",
     {"OPS-1423", "Priya Raman"}),
    ("charge failed\njava.sql.SQLTransientConnectionException: pool timed out\n"
     "    at com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)\n"
     "    at com.acme.payments.repo.LedgerRepository.insert(LedgerRepository.java:88)\n"
     "WARN c.a.p.PaymentController - charge failed\n", set()),
])
def test_non_names_name_nothing(tmp_path, text, names):
    assert synced_names(tmp_path, {"note.md": text}) == names


def test_a_stack_frame_counts_no_mention(tmp_path):
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    frames = "    at com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181)\n" * 5
    write_notes(tmp_path / "notes", {"log.txt": "ERROR HikariPool-1 - Connection is not available\n" + frames})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"),
                     extractor=HeuristicExtractor())
        mentions = dict(conn.execute("SELECT name, mentions FROM entities"))
    finally:
        conn.close()
    assert mentions.get("HikariPool") == 1  # the message's, not the frames' five


@pytest.mark.parametrize("text, names", [
    # look-alikes: names as before
    ("LiHua: are you coming to the Severity talk?\nWolfgang: yes, with Post Malone\n",
     {"LiHua", "Wolfgang", "Severity", "Post Malone"}),
    ("We drove West to Utc Lake with Lee.\n", {"West", "Utc Lake", "Lee"}),
    ("**Owner:** Priya Raman\n", {"Priya Raman"}),
    ("Met Anna at CERN on Monday.\n", {"Anna", "CERN"}),
    ("Flood Alert: the river is high\n", {"Flood Alert"}),  # (rules 28: `Flood alert:` names nothing)
])
def test_look_alikes_name_as_before(tmp_path, text, names):
    assert synced_names(tmp_path, {"note.md": text}) == names


def test_a_chat_speaker_stays_a_person(tmp_path):
    text = "Amara: shall we meet at 09:00 CET?\nWolfgang: sure\nAmara: great\nWolfgang: see you\n"
    assert {("Amara", "person"), ("Wolfgang", "person")} <= synced_entities(tmp_path, {"chat.md": text})


# 3. an exact id in the question ranks its note first; 4. an id no note found holds is said to be unheld
@pytest.fixture(scope="module")
def oncall(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("oncall")
    write_notes(tmp / "notes", {
        "incidents/2026-11-03-db-disk-full.md": "# INC-2026-109: db-prod-03 ran out of disk\n\nAt 09:10 CET "
        "db-prod-03 hit 100% on /var/lib/postgresql. WAL archiving had failed silently. Ticket OPS-1398.\n",
        "incidents/2026-11-12-payments-outage.md": "# INC-2026-114: payments-api outage\n\nThe pool on "
        "db-prod-03 filled up after the v2.14.1 deploy. Tomasz Kowalczyk rolled back.\n",
        "incidents/2026-11-24-authservice-latency.md": "# INC-2026-121: AuthService latency\n\nThe Redis "
        "cluster failed over and the JWKS cache was cold.\n",
        "daily/2026-11-13.md": "# 2026-11-13\n\nWrote the INC-2026-114 postmortem. Followed up INC-2026-121 "
        "with Kenji Watanabe.\n",
        "daily/2026-11-25.md": "# 2026-11-25\n\nINC-2026-121 follow-up: warmed the JWKS cache. INC-2026-114 "
        "review moved.\n",
        "daily/2026-11-26.md": "# 2026-11-26\n\nINC-2026-114 and INC-2026-121 actions reviewed with Dana.\n",
        "incidents/2026-12-01-cert-expiry.md": "# INC-2026-127: TLS certificate expired\n\nThe secret was deleted "
        "by a Terraform run (PR #839).\n",
        "daily/2026-11-09.md": "# 2026-11-09\n\nReviewed the PR for LedgerClient timeouts.\n- [x] review PR #812\n",
        "daily/2026-12-04.md": "# 2026-12-04\n\nMerged PR #845. Booked a vacation.\n",
    })
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def test_an_exact_id_seeds_no_other_id_by_vector(oncall):
    from minirag_cli import graph
    from mrag_test_plugin import hashing_embedder

    vector = hashing_embedder("hashing:64").embed(["INC-2026-109"])[0]
    seeds = graph.ground(oncall.conn, "INC-2026-109", vector)
    assert [s.name for s in seeds if s.via == "exact"] == ["INC-2026-109"]
    assert not [s.name for s in seeds if s.via == "vector" and is_id(s.name)]


@pytest.mark.parametrize("question", ["PR #839", "what broke in PR #839?"])
def test_an_exact_id_seeds_no_word_of_it_by_vector(oncall, question):
    from minirag_cli import graph
    from mrag_test_plugin import hashing_embedder

    vector = hashing_embedder("hashing:64").embed([question])[0]
    seeds = graph.ground(oncall.conn, question, vector)
    assert [s.name for s in seeds if s.via == "exact"] == ["PR #839"]
    assert not [s.name for s in seeds if s.via == "vector" and (is_id(s.name) or s.name == "PR")]


@pytest.mark.parametrize("question, path", [
    ("PR #839", "incidents/2026-12-01-cert-expiry.md"),
    ("INC-2026-109", "incidents/2026-11-03-db-disk-full.md"),
    ("what is INC-2026-109 about?", "incidents/2026-11-03-db-disk-full.md"),
])
def test_an_exact_id_ranks_its_note_first(oncall, question, path):
    from minirag_cli.options import RetrievalOptions

    result = oncall.search(question, RetrievalOptions(k=5, mode="hybrid"))
    assert result.results[0]["path"] == path


@pytest.mark.parametrize("question, missing", [
    ("when did db-prod-07 fail?", ["db-prod-07"]),
    ("when did db-prod-03 run out of disk?", []),
    ("what's in OPS-1500?", ["OPS-1500"]),
    ("what broke after v2.14.9?", ["v2.14.9"]),
    ("what broke after v2.14.1?", []),
    ("what did Tomasz Kowalczyk roll back?", []),
])
def test_an_id_no_note_found_holds_is_unheld(oncall, question, missing):
    result = oncall.search(question)
    assert oncall.unheld_names(result) == missing
