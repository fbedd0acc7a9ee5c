"""The tolerant parser of model output: thousands of generated outputs
(truncated, repeated, wrong delimiters, prose around, unicode junk, huge)
give a clean list or nothing, never an exception, and never a name that is
not in the chunk."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import HealthCheck, given, settings, strategies as st

from minirag_cli.extract.base import ENTITY_TYPES, EntityMention
from minirag_cli.extract.parse import MAX_ENTITIES, MAX_NAME_CHARS, parse_entities

CHUNK = (
    "Time: 20260416_21:00\n"
    "WolfgangSchulz: Hey guys, how about we take a break from jamming this week? Could use some time to recharge!\n"
    "YurikoYamamoto: Sounds good to me! I'm looking forward to our next jam session in Hong Kong. 🎸\n"
    "LiHua: Yes! Let's plan the Lunar New Year hot pot at Golden Dragon and read \"The Three-Body Problem\"."
)
# (name as the model would write it, type) — all occur in CHUNK
IN_CHUNK = [
    ("Wolfgang Schulz", "person"), ("YurikoYamamoto", "person"), ("LiHua", "person"),
    ("jam session", "event"), ("Hong Kong", "location"), ("Lunar New Year", "event"),
    ("hot pot", "product"), ("Golden Dragon", "organization"), ("The Three-Body Problem", "work"),
    ("20260416", "date"), ("jamming", "event"), ("break", "concept"),
]
# names a model copies from the few-shot prefix or invents — none occur in CHUNK
FOREIGN = ["Northwind Labs", "Maria Lopez", "Berlin", "Thinking in Systems", "pottery class", "Priya",
           "sensor prototype", "Tokyo Tower", "Jennifer Moore", "sushi"]
TYPE_SPELLINGS = list(ENTITY_TYPES) + ["Person", "PLACE", "org", "activity", "topic", "book", "city",
                                       "event/activity", "misc", "unknown", "thing", "entity", ""]
DELIMITERS = [" | ", "|", "\t", " - ", ": ", " — ", ", ", " (", " => ", " ", "||", " :: "]
BULLETS = ["", "- ", "* ", "1. ", "12) ", "• ", "**", "> "]
PROSE = ["Here are the entities:", "Sure! Here is the list of named entities found in the text.",
         "Entities:", "```", "Text:", "name | type", "Note: some names may be ambiguous.",
         "I hope this helps!", "<|im_end|>", "<|im_start|>assistant", "</s>"]


def _key(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).casefold()
    return re.sub(r"[\W_]+", "", s)


CHUNK_KEY = _key(CHUNK)


def assert_clean(result) -> None:
    assert isinstance(result, list)
    assert len(result) <= MAX_ENTITIES
    seen = set()
    for m in result:
        assert isinstance(m, EntityMention)
        assert m.type in ENTITY_TYPES
        assert m.name == m.name.strip() and 2 <= len(m.name) <= MAX_NAME_CHARS
        assert "\n" not in m.name and "|" not in m.name
        # independent of the parser's matcher: letters and digits of the name,
        # in order, are a substring of the chunk's (a stripped plural aside: the
        # matcher allows "s", "es" and "'s", so `FROMES` stands on "from")
        k = _key(m.name)
        assert k in CHUNK_KEY or k.rstrip("s") in CHUNK_KEY or (k.endswith("es") and k[:-2] in CHUNK_KEY), m
        assert m.name.casefold() not in seen
        seen.add(m.name.casefold())
        assert all(f.casefold() != m.name.casefold() for f in FOREIGN)


entity_line = st.builds(
    lambda bullet, name, delim, typ, close: f"{bullet}{name}{delim}{typ}{close}",
    st.sampled_from(BULLETS),
    st.sampled_from([n for n, _ in IN_CHUNK] + FOREIGN),
    st.sampled_from(DELIMITERS),
    st.sampled_from(TYPE_SPELLINGS),
    st.sampled_from(["", ")", " |", "**", ".", " 😊", "\r"]),
)
junk_line = st.one_of(
    st.sampled_from(PROSE),
    st.text(max_size=120),  # any unicode, control characters and surrogates' neighbours included
    st.text(alphabet=st.characters(categories=["So", "Sk", "Mn", "Cf", "Zs", "Co"]), max_size=40),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
)
lines = st.lists(st.one_of(entity_line, entity_line, junk_line), max_size=60)


@st.composite
def model_outputs(draw):
    body = draw(lines)
    text = draw(st.sampled_from(["\n", "\r\n", "\n\n", "; ", " "])).join(body)
    shape = draw(st.sampled_from(["plain", "truncated", "repeated", "huge", "prose-around"]))
    if shape == "truncated" and text:
        text = text[: draw(st.integers(0, len(text)))]
    elif shape == "repeated":
        text = (text + "\n") * draw(st.integers(2, 50))
    elif shape == "huge":
        text = "\n".join([text] + [draw(entity_line)] * draw(st.integers(500, 3000)))
    elif shape == "prose-around":
        text = draw(st.sampled_from(PROSE)) + "\n" + text + "\n" + draw(st.sampled_from(PROSE))
    return text


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(model_outputs())
def test_any_model_output_gives_a_clean_list(output):
    assert_clean(parse_entities(output, CHUNK))


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.binary().map(bytes), st.none(), st.integers(), st.lists(st.text())),
       st.text(max_size=300))
def test_arbitrary_objects_and_chunks_never_raise(output, chunk):
    result = parse_entities(output, chunk)
    assert isinstance(result, list)
    for m in result:
        assert m.type in ENTITY_TYPES and _key(m.name) and _key(m.name).rstrip("s") in _key(chunk) + "s"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(IN_CHUNK), min_size=1, max_size=12, unique=True),
       st.sampled_from(["{n} | {t}", "- {n}: {t}", "{n} ({t})", "{t}: {n}", "{n} - {t}", "{n}\t{t}",
                        '{{"name": "{n}", "type": "{t}"}}', "**{n}** | {t}"]),
       st.booleans())
def test_well_formed_answers_are_recovered_in_any_common_style(entities, style, with_prose):
    """Not vacuous: a parser that returned [] would pass the fuzz tests above."""
    body = "\n".join(style.format(n=n, t=t) for n, t in entities)
    if with_prose:
        body = "Sure, here are the entities:\n" + body + "\nLet me know if you need more."
    got = parse_entities(body, CHUNK)
    assert [(m.name, m.type) for m in got] == list(entities)


def test_names_not_in_the_chunk_are_dropped_and_types_normalised():
    out = "Northwind Labs | organization\nHong Kong | city\nBerlin | location\nhot pot | food\nLi Hua | person"
    got = parse_entities(out, CHUNK)
    assert got == [EntityMention("Hong Kong", "location"), EntityMention("hot pot", "product"),
                   EntityMention("Li Hua", "person")]  # "LiHua:" spelled out


def test_repeated_loop_to_the_token_cap_is_deduplicated():
    out = "jam session | event\nHong Kong | location\n" * 40 + "Hong K"
    assert parse_entities(out, CHUNK) == [EntityMention("jam session", "event"), EntityMention("Hong Kong", "location")]


def test_several_pairs_on_one_line_and_table_rows():
    out = "Hong Kong | location, hot pot | product; Golden Dragon | organization\n| Lunar New Year | event |\n|---|---|"
    assert [m.name for m in parse_entities(out, CHUNK)] == ["Hong Kong", "hot pot", "Golden Dragon", "Lunar New Year"]


def test_camelcase_handles_match_spelled_out_and_dates_inside_timestamps():
    got = parse_entities("Wolfgang Schulz | person\nYuriko Yamamoto | person\n20260416 | date", CHUNK)
    assert [m.name for m in got] == ["Wolfgang Schulz", "Yuriko Yamamoto", "20260416"]


def test_partial_words_do_not_count_as_occurrences():
    # "recharge" holds "charge" and "jamming" holds "ming", but neither is a word of the chunk
    assert parse_entities("charge | concept\nming | person\nHong | location", CHUNK) == \
        [EntityMention("Hong", "location")]


def test_require_in_text_false_keeps_foreign_names():
    got = parse_entities("Berlin | location", CHUNK, require_in_text=False)
    assert got == [EntityMention("Berlin", "location")]


# -- answers for a window of several chunks ------------------------------------------------

NOTE = (
    "Time: 20260416_21:00\n"
    "WolfgangSchulz: Hey guys, how about we take a break from jamming this week? Could use some time to recharge!\n"
    "YurikoYamamoto: Sounds good to me! I'm looking forward to our next jam session in Hong Kong. 🎸\n"
    "LiHua: Yes! Let's plan the Lunar New Year hot pot at Golden Dragon and read \"The Three-Body Problem\".\n"
    "WolfgangSchulz: I will book Golden Dragon for the hot pot, and bring my drum kit to Hong Kong.\n"
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(model_outputs(), st.integers(8, 40))
def test_a_window_answer_maps_to_each_chunk_only_what_the_chunk_holds(output, chunk_words):
    """One answer for a whole note, spread over its chunks (extract/llm.py
    `chunk_mentions`): each chunk gets only names its own text holds, from
    the answer or added without the model (speakers, dates), never anything
    the window does not hold."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.extract.llm import chunk_mentions, chunk_windows, note_windows

    [window] = note_windows(NOTE)
    answer = parse_entities(output, window.text)
    answer_keys = {_key(m.name) for m in answer}
    chunks = chunk_text(NOTE, chunk_words, chunk_words // 4)
    assert len(chunks) > 1
    for c in chunks:
        assert chunk_windows(c.start_char, c.end_char, [window]) == [0]
        got = chunk_mentions(c.text, answer)
        chunk_key = _key(c.text)
        assert len({m.name.casefold() for m in got}) == len(got)
        for m in got:
            assert m.type in ENTITY_TYPES
            k = _key(m.name)
            assert k in chunk_key or k.rstrip("s") in chunk_key, (m, c.text)
            added = m.type == "date" or (m.type == "person" and f"{m.name}:" in c.text)
            assert k in answer_keys or added, m
