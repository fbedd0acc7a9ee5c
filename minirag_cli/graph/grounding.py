"""Grounding: the entities a question names, each with a similarity in
[0, 1] and the concept (question span) it stands for.

The question's word spans are matched against entity keys and alias keys
(text.normalise_key; spelled with ä, ö, ü or ae, oe, ue either way:
text.umlaut_keys), longest span first and without overlaps; a first name
as a whole word of a full name ("Wolfgang" -> "Wolfgang Schulz"); typos by
rapidfuzz; dates in any spelling; a number with or without leading zeros
("session 3" names `Session 03`, and `Session 03 - 2026-09-05`, a title its file
name dates; so do "session three" and "the third session": numbering.py); plus a KNN of the question vector over
`vec_entity_names`. An optional `QueryTerms` (the LLM keyword step,
answer.extract_query_terms) adds names, each its own concept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from minirag_cli.graph import sql
from minirag_cli.idnames import id_held, ids_asked, ids_in, is_id
from minirag_cli.numbering import respelled, spelled_numbers
from minirag_cli.options import GraphOptions
from minirag_cli.text import (CJK_CHARS, CJK_DATE, CJK_RUN, GROUNDING_STOPWORDS, find_dates, normalise_key,
                              same_umlauts, split_camel, umlaut_keys, weekday_plural, without_invisibles, word_keys)

# wh-words -> entity types that answer them (heuristic types: person, name,
# work, date, concept; LLM types: person, organization, location, event,
# product, work, concept, date)
ANSWER_TYPE_CUES = [
    (re.compile(r"\b(who|whom|whose)\b", re.I), ("person",)),
    (re.compile(r"\b(when|what (time|day|date)|which (day|date)|how long)\b", re.I), ("date",)),
    (re.compile(r"\bwhere\b", re.I), ("location", "organization")),
    (re.compile(r"\b(which|what) (game|movie|film|song|book|series|show|album|band|title)s?\b", re.I),
     ("work", "product")),
    (re.compile(r"\b(which|what) (event|activity|occasion|festival|holiday)s?\b", re.I), ("event",)),
]

# heuristic-extractor types: capitalised spans; a lower-case question word
# ("try", "give") is not the name the index holds under that key
PROPER_TYPES = frozenset({"name", "person", "work"})


@dataclass
class QueryTerms:
    """What an LLM keyword step (or a caller) says about the question."""

    entities: list[str] = field(default_factory=list)
    answer_types: list[str] = field(default_factory=list)


@dataclass
class Seed:
    entity_id: int
    name: str
    type: str
    similarity: float
    via: str  # exact | alias | word | fuzzy | vector | llm
    span: str = ""
    chunks: int = 0
    concept: str = ""  # seeds from one question span share it

    def weight(self, options: GraphOptions) -> float:
        """How much the seed's votes count: a name the question spells out
        counts fully; a vector neighbour of the whole question is a guess."""
        return self.similarity * (options.vector_seed_weight if self.via == "vector" else 1.0)

    def to_dict(self) -> dict:
        return {"entity_id": self.entity_id, "name": self.name, "type": self.type,
                "similarity": round(self.similarity, 4), "via": self.via, "span": self.span,
                "chunks": self.chunks}


def answer_types_for(question: str) -> list[str]:
    found: list[str] = []
    for pattern, types in ANSWER_TYPE_CUES:
        if pattern.search(question):
            found.extend(t for t in types if t not in found)
    return found


@dataclass
class _Span:
    start: int  # word positions [start, end)
    end: int
    text: str
    key: str
    lowercase: bool  # written without capitals in the question
    llm: bool = False  # proposed by the LLM keyword step, not written in the question
    written: str = ""  # the question's characters it spans, marks between its words kept (`15/12/2026`)


# A question's words: a Han, kana or Hangul character is one of its own, as
# Chinese and Japanese put no blanks between words (`张伟说了什么`: a span of its
# characters is the name 张伟); another word is a run of word characters.
# A date written in CJK characters (text.CJK_DATE: 2024年5月3日) is one word: a
# span of its own, the date entity it names (_date_keys), as 2024-05-03 is.
_WORD = re.compile(rf"{CJK_DATE.pattern}|[{CJK_CHARS}]|[^\W{CJK_CHARS}](?:[^\W{CJK_CHARS}]|['’&.:-])*")
# the most characters of such a span: a name, a title (`ノルウェイの森`)
CJK_SPAN_CHARS = 12


def _spans(question: str, max_words: int) -> list[_Span]:
    """Word n-grams (1..max_words; of CJK characters, 1..CJK_SPAN_CHARS) that
    neither start nor end with a stopword, read as the heuristic extractor
    reads notes: without invisible characters ("Li\u200bHua" is the word
    LiHua, not Li and Hua)."""
    plain = without_invisibles(question)
    found = list(_WORD.finditer(plain))
    words = [m.group(0).rstrip(".:,;!?") for m in found]
    cjk = [CJK_RUN.fullmatch(w) is not None for w in words]
    spans: list[_Span] = []
    for n in range(1, max(max_words, CJK_SPAN_CHARS) + 1):
        for i in range(len(words) - n + 1):
            if n > max_words and not all(cjk[i:i + n]):
                continue
            gram = words[i:i + n]
            text = gram[0] + "".join(("" if cjk[j - 1] and cjk[j] else " ") + words[j] for j in range(i + 1, i + n))
            # "one", "two", "first" are no names alone, but "session two" and "first session" name Session 02, 01
            if ((gram[0].lower() in GROUNDING_STOPWORDS or gram[-1].lower() in GROUNDING_STOPWORDS)
                    and not _spelled_number(text)):
                continue
            key = normalise_key(text)
            if len(key) >= 2:
                # CJK has no case: 张伟 is written as a name is, not as "try" is
                written = plain[found[i].start():found[i + n - 1].start() + len(words[i + n - 1])]
                spans.append(_Span(i, i + n, text, key, text == text.lower() and not any(cjk[i:i + n]),
                                   written=written))
    return spans


def _spelled_number(text: str) -> bool:
    """`text` is a numbered thing in words and nothing more: "session two", "first session" (numbering.py)."""
    return any(start == 0 and end == len(text) for _kind, _number, start, end in spelled_numbers(text))


def _llm_spans(question: str, terms: QueryTerms) -> list[_Span]:
    """LLM-proposed names, matched like spans, each its own concept (placed
    after the question's words so they never overlap a written span)."""
    base = len(question.split()) + 1000
    spans = []
    for i, t in enumerate(x for x in terms.entities if x.strip()):
        key = normalise_key(t)
        if len(key) >= 2:
            spans.append(_Span(base + i, base + i + 1, t.strip(), key, False, llm=True))
    return spans


def _date_keys(conn, span: str) -> list[str]:
    """'20260531', '2026-05-31', 'May 31st' -> the date entity keys they name
    (a date without a year matches that day in every year the index holds).
    Only a span that is a date and nothing more names one."""
    keys = []
    for surface, iso in find_dates(span):
        if surface.strip() != span.strip():
            continue
        if iso.startswith("--"):
            keys.extend(sql.date_keys_like(conn, "date:%" + iso[1:]))
        else:
            keys.append("date:" + iso)
    return keys


Hits = list[tuple[int, str, float]]  # (entity id, via, similarity)


def _key_matches(conn, spans: list[_Span]) -> tuple[dict[int, list[tuple[_Span, str, float]]], dict]:
    """Exact and alias key matches, entity id -> [(span, via, sim)], and the
    entities' (name, type, chunks)."""
    by_key: dict[str, list[_Span]] = {}
    for sp in spans:
        by_key.setdefault(sp.key, []).append(sp)
        # a date as the question writes it: its words alone lose the slashes (`15/12/2026` is the span `15 12 2026`,
        # whose key named no note's `15/12/26`: wdpin)
        written = _date_keys(conn, sp.written) if sp.written != sp.text else []
        for date_key in dict.fromkeys([*_date_keys(conn, sp.text), *written]):
            by_key.setdefault(date_key, []).append(sp)
        # "session 3" names `Session 03` too, and "chapter 02" `Chapter 2` (numbering.py)
        for other in respelled(sp.text):
            by_key.setdefault(normalise_key(other), []).append(sp)
    matches: dict[int, list[tuple[_Span, str, float]]] = {}
    if by_key:
        keys = list(by_key)
        rows = [(eid, key, "exact") for eid, key in sql.entities_by_keys(conn, keys)]
        rows += [(eid, key, "alias") for eid, key in sql.aliases_by_keys(conn, keys)]
        for eid, key, via in rows:
            for sp in by_key[key]:
                matches.setdefault(eid, []).append((sp, via, 1.0))
    for sp, eid in _dated_titles(conn, spans):
        if (sp, "exact", 1.0) not in matches.get(eid, []):
            matches.setdefault(eid, []).append((sp, "exact", 1.0))
    # the span spelled the other way, ä, ö, ü or ae, oe, ue ("Juergen Weiss" is Jürgen Weiß): an alias
    # under one of its umlaut_keys that is the same name (same_umlauts: "Samuel" is no "Samul")
    spelled: dict[str, list[_Span]] = {}
    for sp in spans:
        for key in umlaut_keys(sp.text):
            spelled.setdefault(key, []).append(sp)
    if spelled:
        for eid, alias, key in sql.aliases_named_by_keys(conn, list(spelled)):
            for sp in spelled[key]:
                if same_umlauts(alias, sp.text) and (sp, "alias", 1.0) not in matches.get(eid, []):
                    matches.setdefault(eid, []).append((sp, "alias", 1.0))
    return matches, sql.entity_info(conn, list(matches))


_DATED_TITLE = re.compile(r"(.+?)\s*[-–—_]\s*\d{4}-\d{2}-\d{2}")


def _dated_titles(conn, spans: list[_Span]) -> list[tuple[_Span, int]]:
    """(span, entity id) of the titles a note's file name dates that a numbered span names: "session 3" (or
    "session 03") names `Session 03 - 2026-09-05`, a GM's `Session 03 - 2026-09-05.md`, whose entity no span
    matched, so every session's name was a seed alike by the vector."""
    out = []
    for sp in spans:
        # "session 3", or in words: "session nine", "ninth session" (numbering.spelled_numbers)
        if not re.search(r"(?<![\d.:/-])\d{1,3}$", sp.text) and not spelled_numbers(sp.text):
            continue
        for key in dict.fromkeys(normalise_key(t) for t in [sp.text, *respelled(sp.text)]):
            for eid, alias, akey in sql.aliases_from(conn, key, key + "\uffff", 20):
                title = _DATED_TITLE.fullmatch(alias)
                if title and normalise_key(title.group(1)) == key:
                    out.append((sp, eid))
    return out


def _choose_spans(spans: list[_Span], matches: dict, info: dict) -> tuple[list[tuple[_Span, Hits]], set[int]]:
    """The matched spans, longest first, no overlaps; and the word positions taken."""
    span_hits: dict[tuple[int, int], Hits] = {}
    for eid, hits in matches.items():
        if eid not in info:
            continue
        for sp, via, sim in hits:
            if (sp.lowercase and sp.end - sp.start == 1 and info[eid][1] in PROPER_TYPES
                    and info[eid][0].lower() == sp.text):
                continue  # "try" is not the entity "Try"; "wolfgangschulz" is "Wolfgang Schulz"
            span_hits.setdefault((sp.start, sp.end), []).append((eid, via, sim))
    taken: set[int] = set()
    chosen: list[tuple[_Span, Hits]] = []
    span_at = {(sp.start, sp.end): sp for sp in spans}
    for (start, end) in sorted(span_hits, key=lambda se: (-(se[1] - se[0]), se[0])):
        if taken.intersection(range(start, end)):
            continue
        taken.update(range(start, end))
        chosen.append((span_at[(start, end)], span_hits[(start, end)]))
    return chosen, taken


def _leftover_words(conn, spans: list[_Span], taken: set[int], o: GraphOptions) -> list[tuple[_Span, Hits]]:
    """Single capitalised words left over: whole word of a longer name
    ("Wolfgang" -> "Wolfgang Schulz") or a typo, among alias keys sharing the
    first letters (an indexed range scan)."""
    from rapidfuzz import fuzz

    chosen = []
    for sp in spans:
        if sp.end - sp.start != 1 or sp.start in taken or sp.lowercase or len(sp.key) < 4 or sp.key.isdigit():
            continue
        found = []
        lo = sp.key[:3]
        hi = lo[:-1] + chr(ord(lo[-1]) + 1)
        for eid, alias, akey in sql.aliases_from(conn, lo, hi, 200):
            if akey.startswith(sp.key) and sp.key in word_keys(alias):
                found.append((eid, "word", o.word_match_sim))
            elif len(sp.key) >= o.fuzzy_min_key and not any(c.isdigit() for c in sp.key):
                ratio = fuzz.ratio(sp.key, akey)
                if ratio >= o.fuzzy_min_ratio:
                    found.append((eid, "fuzzy", 0.9 * ratio / 100.0))
        # a word of a longer name spelled the other way ("Juergen" -> Jürgen Weiß), its keys elsewhere
        have = {eid for eid, _via, _sim in found}
        for key in umlaut_keys(sp.text):
            lo = key[:3]
            hi = lo[:-1] + chr(ord(lo[-1]) + 1)
            for eid, alias, akey in sql.aliases_from(conn, lo, hi, 200):
                if (eid not in have and akey.startswith(key) and key in word_keys(alias)
                        and any(same_umlauts(w, sp.text) for w in re.split(r"[\s_-]+", split_camel(alias)))):
                    found.append((eid, "word", o.word_match_sim))
                    have.add(eid)
        if found:
            chosen.append((sp, found))
    return chosen


def _widen_concepts(conn, chosen: list[tuple[_Span, Hits]], info: dict, o: GraphOptions) -> None:
    """Entities that belong to a chosen span's concept too (in place)."""
    # a person's first name joins the concept of the full name the question
    # writes ("Wolfgang Schulz" -> also the entity "Wolfgang")
    first_keys: dict[str, list[Hits]] = {}
    for sp, hits in chosen:
        first = sp.text.split()[0]
        if sp.end - sp.start > 1 and first[:1].isupper() and any(info.get(h[0], ("", ""))[1] == "person"
                                                                 for h in hits):
            first_keys.setdefault(normalise_key(first), []).append(hits)
    if first_keys:
        for eid, key in sql.aliases_by_keys(conn, list(first_keys)):
            for hits in first_keys[key]:
                if all(h[0] != eid for h in hits):
                    hits.append((eid, "word", o.word_match_sim))
    # every entity matched by a chosen span's key joins that concept too:
    # "Wolfgang" (exact) and "Wolfgang Schulz" (whole word) are one person
    for sp, hits in chosen:
        if sp.end - sp.start == 1 and not sp.lowercase and len(sp.key) >= 4 and not sp.key.isdigit():
            have = {h[0] for h in hits}
            lo = sp.key
            hi = lo[:-1] + chr(ord(lo[-1]) + 1)
            for eid, alias in sql.aliases_after(conn, lo, hi, 50):
                if eid not in have and sp.key in word_keys(alias):
                    hits.append((eid, "word", o.word_match_sim))
                    have.add(eid)


def _holds_other_id(name: str, asked_ids: list[str]) -> bool:
    """Does `name` hold an id (`Release v2.14.0`) and none of the ones the question asks about (`v2.13.2`)?"""
    return bool(ids_in(name)) and not any(id_held(asked, name) for asked in asked_ids)


def _written_as_tag(question: str, word: str) -> bool:
    """Does the question write `word` as a tag: `#ship`, "tagged ship", "the ship tag"?"""
    w = re.escape(word.strip())
    return bool(w) and re.search(rf"#{w}\b|\btag(?:ged|s)?[ \t]+(?:with[ \t]+|as[ \t]+)?#?{w}\b|\b{w}[ \t]+tags?\b",
                                 question, re.I) is not None


def ground(conn, question: str, query_vector=None, *, terms: QueryTerms | None = None,
           options: GraphOptions | None = None) -> list[Seed]:
    """Entities the question names, best first, each with a similarity and the
    concept (question span) it stands for.

    Spans are matched longest first and may not overlap: "Black Myth: Wukong"
    is one concept, not also "Black" and "Myth". Every entity a span matches
    (its exact key, alias keys, whole-word and fuzzy matches) belongs to that
    span's concept, so aliases of one name never count twice downstream."""
    o = options or GraphOptions()
    spans = _spans(question, o.max_span_words)
    if terms:
        spans += _llm_spans(question, terms)
    matches, info = _key_matches(conn, spans)
    chosen, taken = _choose_spans(spans, matches, info)
    chosen += _leftover_words(conn, spans, taken, o)
    _widen_concepts(conn, chosen, info, o)

    best: dict[int, Seed] = {}
    for sp, hits in chosen:
        for eid, via, sim in hits:
            cur = best.get(eid)
            if cur is None or sim > cur.similarity:
                best[eid] = Seed(eid, "", "", sim, "llm" if sp.llm else via, sp.text, concept="s:" + sp.key)

    if query_vector is not None and sql.has_table(conn, "vec_entity_names"):
        for eid, sim in sql.nearest_entity_names(conn, query_vector, o.knn_entities):
            if sim >= o.knn_min_sim and eid not in best:
                best[eid] = Seed(eid, "", "", sim, "vector", "", concept=f"e:{eid}")
    # an id the question names exactly (`INC-2026-109`) is the one it asks about: other ids near it in the
    # vector space differ by digits an embedding barely sees (`INC-2026-114`), and their walks outranked it
    # ... nor does a word of it (`PR` of `PR #839`: its walk reached `PR #812`, `PR #845`)
    named_ids = [info[eid][0] for _sp, hits in chosen for eid, via, _sim in hits
                 if via in ("exact", "alias") and eid in info and is_id(info[eid][0])]
    # ... and so is one it writes that no entity holds (`v2.13.2`, written only in a journal's line): a name near
    # it holding another id (`Release v2.14.0`, `PAY-1201`) is no guess at it
    named_ids += [name for name in ids_asked(question) if name not in named_ids]
    id_words = {normalise_key(w) for name in named_ids for w in re.findall(r"[A-Za-z]+", name)}

    if not best:
        return []
    info = sql.entity_info(conn, list(best))
    seeds = []
    for eid, s in best.items():
        if eid not in info:
            continue
        s.name, s.type, s.chunks = info[eid]
        if s.via in ("vector", "word", "fuzzy") and s.type == "date":
            # a date is named exactly or not at all: a month's word ("December") is no one day of it ("December
            # 22", seeded as a word of its name: is anyone out on December 16?)
            continue
        if s.via == "vector" and named_ids and (is_id(s.name) or normalise_key(s.name) in id_words):
            continue
        if s.via in ("vector", "word", "fuzzy") and named_ids and _holds_other_id(s.name, named_ids):
            continue
        if s.name.startswith("#") and s.via in ("exact", "alias") and not _written_as_tag(question, s.span):
            # a tag matched by a plain word of the question ("what ship did Ilse lose" and a place's `#ship`): the
            # word is no name, its tag a topic a note or a few carry; a question writing `#ship` or "tagged ship"
            # asks for the tag
            s.similarity = min(s.similarity, o.tag_word_sim)
            if s.similarity <= 0:
                continue
        if s.via == "vector" and weekday_plural(s.name):
            # a weekday's plural named in a note ("too many meetings on Wednesdays") embeds near every day word:
            # "what do I have wednesday?", "what's scheduled for tomorrow?" seeded it 0.47-0.79 and put the note that
            # says it first (qdays3); a question that writes it seeds it by its word
            continue
        seeds.append(s)
    seeds.sort(key=lambda s: (-s.similarity, s.chunks, s.entity_id))
    return seeds[:o.max_seeds]
