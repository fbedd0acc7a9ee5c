"""An LLM sync's model works through every changed note's windows as one
stream in a background thread (extract/stream.py, sync._Extraction.stream)
while the groups are embedded and written. With a deterministic fake model
extractor: one run over the windows in note order, an index identical to the
group-by-group one, Ctrl-C or a failure on either side keeps every answer the
model finished and leaves no thread running, a re-sync makes no call."""

from __future__ import annotations

import random
import threading
import time

import pytest

from minirag_cli import sync as syncmod
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.extract.llm import note_windows
from minirag_cli.extract.stream import AnswerStream
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import ExtractionRecorder, write_notes

NAMES = ["Anna Weber", "Oskar Brandt", "Harbor Hall", "Project Atlas", "Jennifer Moore", "Blue Note",
         "Lake Constance", "Mira Patel", "Quantum Club", "Tokyo Tower", "Felix Hart", "Nora Lind"]
FILLER = "we talked about the plan and the weather and what to cook for dinner later on".split()


def _note(rng: random.Random, words: int) -> str:
    lines, line = [], []
    for _ in range(words):
        line.append(rng.choice(NAMES) if rng.random() < 0.08 else rng.choice(FILLER))
        if len(line) >= rng.randint(8, 20):
            lines.append(" ".join(line) + ".")
            line = []
    lines.append(" ".join(line) + ".")
    return "Time: 20260106_10:00\n" + "\n".join(lines) + "\n"


def corpus() -> dict[str, str]:
    """Notes of one to four windows, a copy (the same windows twice), a note
    with nothing for the model to read and an empty one."""
    rng = random.Random(15)
    notes = {f"n/{i:02d}.txt": _note(rng, rng.choice([40, 120, 350, 700, 1100])) for i in range(24)}
    notes["n/copy.txt"] = notes["n/03.txt"]
    notes["n/stamp.txt"] = "Time: 20260106_10:00\n"
    notes["n/empty.txt"] = ""
    return notes


class FakeModel:
    """A window extractor standing in for the GGUF one (`windows`, `run`,
    `cache_id`, the token counters): answers each window with the heuristic's
    names, in an order other than the input's (as the batcher finishes them),
    optionally slowly; honours `stop`; can die after a number of answers."""

    name, cache_id = "fake-llm", "fake-model@s1"

    def __init__(self, die_after: int | None = None, delay: float = 0.0):
        self.inner = HeuristicExtractor()
        self.die_after, self.delay = die_after, delay
        self.runs: list[list[str]] = []  # the window hashes of each run call
        self.yielded = 0
        self.model_calls = self.tokens_in = self.tokens_out = 0

    def windows(self, text, path=None):
        return note_windows(text)

    def run(self, windows, stop=None):
        self.runs.append([w.hash for w in windows])
        order = list(range(len(windows)))
        for k in range(0, len(order), 3):  # finished out of order, three at a time
            order[k:k + 3] = reversed(order[k:k + 3])
        for i in order:
            if stop is not None and stop.is_set():
                return
            if self.die_after is not None and self.yielded >= self.die_after:
                raise KeyboardInterrupt  # Ctrl-C as the model's thread would see a failure
            time.sleep(self.delay)
            self.yielded += 1
            self.model_calls += 1
            self.tokens_in += len(windows[i].text.split())
            self.tokens_out += 5
            yield i, self.inner.extract([windows[i].text])[0], None


def _sync(conn, root, embedder, model, progress=None):
    return sync_folders(conn, [root], embedder=embedder, extractor=model, options=SyncOptions(), progress=progress)


def _streams() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("mrag-llm")]


def _cached(conn) -> int:
    return conn.execute("SELECT count(*) FROM extraction_cache").fetchone()[0]


def dump(conn) -> dict:
    """The index's content, by names rather than row ids."""
    q = lambda sql: sorted(conn.execute(sql).fetchall())  # noqa: E731
    return {
        "entities": q("SELECT key, name, type, mentions, chunks FROM entities"),
        "aliases": q("SELECT e.key, a.alias, a.key, a.count, a.merge FROM entity_aliases a "
                     "JOIN entities e ON e.id = a.entity_id"),
        "mentions": q("SELECT d.path, c.seq, e.key, m.count, m.forms FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
                      "JOIN documents d ON d.id = c.document_id JOIN entities e ON e.id = m.entity_id"),
        "edges": q("SELECT x.key, y.key, weight FROM cooccurrence JOIN entities x ON x.id = a "
                   "JOIN entities y ON y.id = b"),
        "relations": q("SELECT d.path, c.seq, x.key, y.key, r.start_char, r.end_char FROM relations r "
                       "JOIN chunks c ON c.id = r.chunk_id JOIN documents d ON d.id = c.document_id "
                       "JOIN entities x ON x.id = r.a JOIN entities y ON y.id = r.b"),
        "chunks": q("SELECT d.path, c.seq, c.hash FROM chunks c JOIN documents d ON d.id = c.document_id"),
        "cache": q("SELECT chunk_hash, output FROM extraction_cache"),
    }


@pytest.fixture
def notes(tmp_path, monkeypatch):
    monkeypatch.setattr(syncmod, "GROUP_CHUNKS", 8)  # many groups from a small corpus
    root = tmp_path / "notes"
    write_notes(root, corpus())
    return root


def _windows_in_note_order(root) -> list[str]:
    seen: dict[str, None] = {}
    for path in sorted((root / "n").iterdir()):
        for w in note_windows(path.read_text(encoding="utf-8")):
            seen.setdefault(w.hash)
    return list(seen)


def test_one_run_over_every_window_in_note_order(notes, conn, embedder):
    model = FakeModel()
    s = _sync(conn, notes, embedder, model)
    assert len(model.runs) == 1  # the batcher never drains between groups
    assert model.runs[0] == _windows_in_note_order(notes)  # distinct windows, in the order sync walks the notes
    assert s.model_calls == len(model.runs[0]) == _cached(conn) and s.cache_hits == 0
    assert s.added == len(corpus()) and not _streams()


def test_the_stream_builds_the_index_the_groups_build(tmp_path, notes, embedder, monkeypatch):
    from minirag_cli import db

    grouped_conn = db.connect(tmp_path / "grouped.sqlite", create=True)
    monkeypatch.setattr(syncmod, "STREAM_WINDOWS", False)
    grouped = FakeModel()
    g = _sync(grouped_conn, notes, embedder, grouped)
    monkeypatch.setattr(syncmod, "STREAM_WINDOWS", True)
    stream_conn = db.connect(tmp_path / "stream.sqlite", create=True)
    streamed = FakeModel()
    s = _sync(stream_conn, notes, embedder, streamed)
    assert len(grouped.runs) > 3 and len(streamed.runs) == 1
    assert sorted(h for r in grouped.runs for h in r) == sorted(streamed.runs[0])  # the same model calls
    a, b = dump(grouped_conn), dump(stream_conn)
    assert a["entities"] and a["mentions"] and a["edges"] and a["relations"]
    for table in a:
        assert a[table] == b[table], table
    for key in ("added", "chunks", "entities", "model_calls", "warnings"):
        assert getattr(g, key) == getattr(s, key), key
    # a window met again in a later group is a cache hit group by group (its
    # answer was written by an earlier group); the stream asks for it once
    # and counts no hit
    assert s.cache_hits == 0 < g.cache_hits
    grouped_conn.close()
    stream_conn.close()


def test_ctrl_c_in_the_model_keeps_its_answers_and_no_thread(notes, conn, embedder):
    with pytest.raises(KeyboardInterrupt):
        _sync(conn, notes, embedder, FakeModel(die_after=11))
    assert _cached(conn) == 11 and not _streams()
    written = conn.execute("SELECT count(*) FROM documents").fetchone()[0]  # groups done before Ctrl-C
    again = FakeModel()
    s = _sync(conn, notes, embedder, again)
    assert again.yielded == len(_windows_in_note_order(notes)) - 11  # none of the 11 is asked again
    assert s.added == len(corpus()) - written and not _streams()


@pytest.mark.parametrize("where", ["embed", "write"])
def test_ctrl_c_in_the_sync_thread_stops_the_model_and_keeps_its_answers(notes, conn, embedder, where):
    """Ctrl-C while a group is embedded or written: the model stops after the
    answer under way, every answer it finished is in the cache, no thread
    runs once sync_folders has raised."""
    model = FakeModel(delay=0.02)
    calls = {"embed": 0, "write": 0}

    class Interrupting:
        def start(self, total_files): pass
        def phase(self, text): pass

        def advance(self, n_files, n_chunks):
            if n_chunks:
                calls["write"] += 1
                if where == "write" and calls["write"] == 3:
                    raise KeyboardInterrupt

    real_embed = embedder.embed

    def embed(texts):
        calls["embed"] += 1
        if where == "embed" and calls["embed"] == 2:
            raise KeyboardInterrupt
        return real_embed(texts)

    embedder.embed = embed
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        _sync(conn, notes, embedder, model, progress=Interrupting())
    assert not _streams()
    assert time.perf_counter() - t0 < 10
    total = len(_windows_in_note_order(notes))
    assert 0 < model.yielded < total  # stopped mid-stream
    assert _cached(conn) == model.yielded  # every answer the model finished was written
    documents = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
    assert documents == 3 if where == "write" else 0 < documents < len(corpus())  # written before Ctrl-C
    embedder.embed = real_embed
    again = FakeModel()
    s = _sync(conn, notes, embedder, again)
    assert again.yielded == total - model.yielded  # none of the answers written is asked again


def test_a_failure_in_the_model_reaches_the_sync(notes, conn, embedder):
    class Broken(FakeModel):
        def run(self, windows, stop=None):
            yield from super().run(windows[:4], stop)
            raise RuntimeError("llama_decode failed")

    with pytest.raises(RuntimeError, match="llama_decode failed"):
        _sync(conn, notes, embedder, Broken())
    assert _cached(conn) == 4 and not _streams()


def test_resync_makes_no_call_and_starts_no_thread(notes, conn, embedder, monkeypatch):
    _sync(conn, notes, embedder, FakeModel())
    started = []
    monkeypatch.setattr(AnswerStream, "__init__", lambda *a: started.append(a))
    again = FakeModel()
    s = _sync(conn, notes, embedder, again)
    assert (again.runs, started, s.model_calls, s.unchanged) == ([], [], 0, len(corpus()))
    from minirag_cli.sync import rebuild

    rebuild(conn)  # everything from the cache: still no model call, no thread
    s = _sync(conn, notes, embedder, again)
    assert (again.runs, started, s.added) == ([], [], len(corpus()))
    assert s.cache_hits == len(_windows_in_note_order(notes))


def test_progress_counts_notes_as_their_answers_arrive(notes, conn, embedder):
    recorder = ExtractionRecorder()
    calls = recorder.calls

    _sync(conn, notes, embedder, FakeModel(), progress=recorder)
    model_notes = sum(1 for t in corpus().values() if note_windows(t))
    assert calls[-1][0] == model_notes  # every note that needed the model, once
    assert [c[0] for c in calls] == sorted(c[0] for c in calls)
    assert all(0 <= c[1] <= len(corpus()) for c in calls)  # notes ready ahead of the writing
    assert calls[-1][2] > 0 and calls[-1][3] > 0  # tokens, seconds


def test_the_stream_thread_alone(tmp_path):
    """AnswerStream by itself: every answer once, the producer's exception
    after its answers, close stops a slow model and returns what is left."""
    ws = note_windows(_note(random.Random(1), 1100))
    stream = AnswerStream(FakeModel(), ws)
    got = []
    while not stream.finished:
        item = stream.get(timeout=1)
        if item:
            got.append(item[0].hash)
    assert sorted(got) == sorted(w.hash for w in ws) and not _streams()

    slow = FakeModel(delay=0.2)
    stream = AnswerStream(slow, ws * 10)
    time.sleep(0.5)
    t0 = time.perf_counter()
    left = stream.close()
    assert time.perf_counter() - t0 < 1 and not _streams()
    assert len(left) == slow.yielded < len(ws) * 10
