"""Synthetic notes corpora for the scale benchmarks.

A corpus looks like a person's notes folder grown over years: dated files in
monthly folders, chat-style lines ("Name: text") and prose, with named things
the heuristic extractor finds (people, places, events, CamelCase products,
quoted titles, #tags). Entity mentions follow a Zipf law over entity ranks,
and a few hub entities (the notes' owner and close friends) appear in most
notes, which is what makes a naive k-hop walk explode.

Deterministic for a given spec (numpy's PCG64 with the spec's seed), so two
runs of the benchmark index the same bytes.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

COMMON = """the a to and of i you it in that is was for on with we my he she this they but at be have so
just not are had what all about there out like up one if do me your get go when can her his would them
then no time some more think know really did our been were how good want see could people now day going
make much too over back after work first way even still new well also because take little before thing
things said home night week long last through great come right off down should lot never something friends
again while went made kind got where any talk better pretty yes feel hard around why maybe tomorrow ok
plan tried today morning evening dinner lunch coffee walk call music practice class project notes idea
book movie game trip train bus shop market park garden kitchen bread tea cake rain snow sun weekend""".split()

SYLLABLES = ("ka ri to mo na shi lu ve ra den bor gal fen hol mar tis wen zor pel quin dar lo mi sa te "
             "ber cha dol fin gre han jor kel lin mun nor pip ros sul tam vin wal yor zen ab el im os ur").split()

FIRST_NAMES = ("Li Hua, Wolfgang, Yuki, Emily, Chae-won, Jennifer, Hailey, Alice, Bob, Carlos, Dmitri, Fatima, "
               "Grace, Hiroshi, Ingrid, Jamal, Keiko, Lars, Maria, Nikhil, Olga, Priya, Quentin, Rosa, Sven, "
               "Tariq, Ursula, Viktor, Wen, Xavier, Yara, Zoltan").split(", ")

PLACE_KINDS = ("Park", "Street", "Cafe", "Library", "Station", "Market", "Hall", "Lake", "Gym", "Studio")
EVENT_KINDS = ("Festival", "Concert", "Marathon", "Fair", "Workshop", "Meetup", "Party", "Exhibition")


@dataclass(frozen=True)
class CorpusSpec:
    files: int
    words_median: int = 200  # words per note (lognormal around this)
    words_sigma: float = 0.6
    entities: int = 5000  # distinct named entities (long tail)
    zipf_s: float = 1.0  # entity rank exponent
    mention_rate: float = 0.45  # chance a sentence names a (Zipf-drawn) entity
    hub_shares: tuple[float, ...] = (0.7, 0.45, 0.3)  # share of notes naming hub 0, 1, 2
    vocab: int = 6000
    seed: int = 7

    def slug(self) -> str:
        return (f"f{self.files}-w{self.words_median}-e{self.entities}-z{self.zipf_s}-h"
                + "_".join(str(h) for h in self.hub_shares) + f"-s{self.seed}")


def _pseudo_word(rng: np.random.Generator, cap: bool = False) -> str:
    n = int(rng.integers(2, 4))
    w = "".join(SYLLABLES[int(i)] for i in rng.integers(0, len(SYLLABLES), n))
    return w.capitalize() if cap else w


def _entities(spec: CorpusSpec) -> list[str]:
    """Distinct entity surface forms in rank order (rank 0 is the most named);
    the first few are the hubs: the owner and close friends."""
    rng = np.random.default_rng([spec.seed, 1])  # own stream: questions() rebuilds the same list
    n = spec.entities
    names = ["Li Hua", "Wolfgang Schulz", "Yuki Tanaka"]
    seen = set(names)
    kinds = ["person", "person", "person", "place", "event", "product", "work", "tag"]
    while len(names) < n:
        kind = kinds[int(rng.integers(0, len(kinds)))]
        if kind == "person":
            name = f"{FIRST_NAMES[int(rng.integers(0, len(FIRST_NAMES)))]} {_pseudo_word(rng, cap=True)}"
        elif kind == "place":
            name = f"{_pseudo_word(rng, cap=True)} {PLACE_KINDS[int(rng.integers(0, len(PLACE_KINDS)))]}"
        elif kind == "event":
            name = f"{_pseudo_word(rng, cap=True)} {EVENT_KINDS[int(rng.integers(0, len(EVENT_KINDS)))]}"
        elif kind == "product":
            name = _pseudo_word(rng, cap=True) + _pseudo_word(rng, cap=True)
        elif kind == "work":
            name = f'"The {_pseudo_word(rng, cap=True)} {_pseudo_word(rng, cap=True)}"'
        else:
            name = "#" + _pseudo_word(rng)
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def _lengths(spec: CorpusSpec) -> np.ndarray:
    rng = np.random.default_rng([spec.seed, 2])
    return np.maximum(20, rng.lognormal(math.log(spec.words_median), spec.words_sigma, spec.files)).astype(int)


def _zipf_weights(n: int, s: float) -> np.ndarray:
    w = 1.0 / np.arange(1, n + 1) ** s
    return w / w.sum()


def generate(spec: CorpusSpec, root: Path) -> dict:
    """Write the corpus under `root` (which must not exist or be empty) and
    return its manifest (also written to root/../<root name>.json)."""
    rng = np.random.default_rng(spec.seed)
    root.mkdir(parents=True, exist_ok=True)
    vocab = COMMON + [_pseudo_word(rng) for _ in range(spec.vocab)]
    word_p = _zipf_weights(len(vocab), 1.0)
    entities = _entities(spec)
    hubs = len(spec.hub_shares)
    tail = entities[hubs:]
    people = [e for e in entities if " " in e and e.split(" ")[0] in FIRST_NAMES and not e.startswith('"')]

    total_words = 0
    mentions = np.zeros(len(entities), dtype=np.int64)
    start = dt.datetime(2019, 1, 1, 8, 0)
    lengths = _lengths(spec)
    # draw all filler words at once: per-file loops only slice
    filler = rng.choice(len(vocab), size=int(lengths.sum() * 1.05) + 64, p=word_p)
    max_sentences = int(lengths.sum() // 6) + spec.files + 64
    tail_draws = rng.choice(len(tail), size=max_sentences, p=_zipf_weights(len(tail), spec.zipf_s))
    speaker_draws = rng.choice(len(people), size=max_sentences, p=_zipf_weights(len(people), 1.2))
    cursor = sentence_no = 0
    tail_index = {e: i for i, e in enumerate(entities)}
    for i in range(spec.files):
        when = start + dt.timedelta(minutes=int(i * 97 + rng.integers(0, 60)))
        folder = root / f"{when:%Y}" / f"{when:%m}"
        folder.mkdir(parents=True, exist_ok=True)
        n_words = int(lengths[i])
        lines = [f"Time: {when:%Y%m%d_%H:%M}"]
        hub_hits = [h for h in range(hubs) if rng.random() < spec.hub_shares[h]]
        written = 0
        chat = rng.random() < 0.5
        while written < n_words:
            n = int(rng.integers(6, 18))
            words = [vocab[int(j)] for j in filler[cursor:cursor + n]]
            cursor += n
            if hub_hits:
                h = hub_hits.pop()
                words.insert(int(rng.integers(1, len(words))), entities[h])
                mentions[h] += 1
            if rng.random() < spec.mention_rate:
                e = tail[int(tail_draws[sentence_no])]
                words.insert(int(rng.integers(1, len(words))), e)
                mentions[tail_index[e]] += 1
            sentence = " ".join(words)
            sentence = sentence[0].upper() + sentence[1:] + "."
            if chat:
                speaker = people[int(speaker_draws[sentence_no])]
                lines.append(f"{speaker}: {sentence}")
            else:
                lines.append(sentence)
            written += n
            sentence_no += 1
        total_words += written
        (folder / f"{when:%Y%m%d_%H%M}-{i:06d}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    manifest = {"spec": asdict(spec), "files": spec.files, "words": total_words,
                "entities": len(entities), "hubs": entities[:hubs],
                "top_mentions": [[entities[int(j)], int(mentions[j])] for j in np.argsort(-mentions)[:10]]}
    (root.parent / f"{root.name}.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def questions(spec: CorpusSpec, n: int, seed: int = 11) -> list[str]:
    """Questions that name entities the way users do: mostly tail entities,
    some with a hub (the owner) next to them, some naming only hubs."""
    entities = _entities(spec)
    qrng = np.random.default_rng(seed)
    hubs = len(spec.hub_shares)
    tail = entities[hubs:]
    p = _zipf_weights(len(tail), spec.zipf_s)
    templates = ["What did {a} say about {b}?", "When did {a} meet {b}?", "Where was {a} during the {b} plans?",
                 "Who went with {a} to {b}?", "What happened after {a} talked about {b}?"]
    out = []
    for i in range(n):
        t = templates[i % len(templates)]
        kind = i % 4
        a = tail[int(qrng.choice(len(tail), p=p))].strip('"')
        b = tail[int(qrng.integers(0, len(tail)))].strip('"')
        if kind == 1:
            a = entities[0]  # the owner plus a tail entity
        elif kind == 2:
            a, b = entities[0], entities[1]  # hubs only: the worst case for a walk
        out.append(t.format(a=a, b=b))
    return out


def chunk_estimate(spec: CorpusSpec, chunk_tokens: int = 120, overlap: int = 20) -> int:
    lengths = _lengths(spec)
    step = chunk_tokens - overlap
    return int(np.maximum(1, np.ceil((lengths * 1.1 - overlap) / step)).sum())
