"""The sync's speed-ups give what the code they replace gave (the fortieth session's: a 10,000-note sync had
slowed to 129 s CPU). Each replaced function is compared, as it was written before, on many generated inputs
and on crafted edge cases."""

import random
import unicodedata

from minirag_cli import text as textmod
from minirag_cli.extract import heuristic

# letters an accent, a ligature, a compatibility form or a case fold changes, among plain ones
_ODD = "éÉüÜößẞĳﬁ°²½ÅåçÇñÑıİſǅΣσςÆæØøĲ\u0301\u0308\u200b\u00a0李華東京한국어"


def _strip_accents_before(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def _fold_before(text: str) -> str:
    return _strip_accents_before(text).casefold()


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    ascii_ = [chr(i) for i in range(128)]
    out = []
    for _ in range(n):
        pool = ascii_ if rng.random() < 0.6 else ascii_ + list(_ODD)
        out.append("".join(rng.choice(pool) for _ in range(rng.randint(0, 12))))
    return out


def test_fold_and_strip_accents_as_before():
    texts = _texts(60_000, 51) + [chr(i) for i in range(0x3000)] + ["Müller", "GRÖSSE", "Größe", "İstanbul", ""]
    assert [textmod.strip_accents(t) for t in texts] == [_strip_accents_before(t) for t in texts]
    assert [textmod.fold(t) for t in texts] == [_fold_before(t) for t in texts]


def _paths(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    folders = ["", "journal/", "pages/", "2024/05/", "notes/a b/", "Trip to Lisbon.textbundle/"]
    names = ["2024-05-01", "2024_05_01", "May 1st, 2024", "Trip to Lisbon", "trip-to-lisbon", "todo", "Dr Chen",
             "202611031015", "@vaswani2017attention", "index", "Work___Project Alpha", "ref.vendors.helix-data",
             "2026-W45", "Li\u200bHua", "预算", "20260922_1700", "01", "text", "Plan.excalidraw", "x"]
    suffixes = [".md", ".txt", ".org", ".markdown", ".png", ""]
    return [rng.choice(folders) + rng.choice(names) + rng.choice(suffixes) for _ in range(n)]


def test_cached_names_as_computed():
    """note_name, linkable_name, link_target and daily_date are cached (each a function of its string alone):
    asked twice, in any order, they give what the function itself computes."""
    paths = _paths(3000, 7)
    for fn in (heuristic.note_name, heuristic.linkable_name, heuristic.link_target, textmod.daily_date):
        fn.cache_clear()
        first = [fn(p) for p in paths]
        again = [fn(p) for p in reversed(paths)][::-1]
        assert first == again == [fn.__wrapped__(p) for p in paths]


def _tags(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    words = ["LiHua", "Time", "Status", "Owner", "Monday", "Morning", "Lunes", "5", "de", "mayo", "Key", "idea",
             "Authors", "people", "Guitar", "lesson", "with", "Carlos", "Lena's", "rules", "went", "well", "I", "me",
             "Maria", "dos", "Santos", "参会人员", "Shipped", "Boss", "3.", "Q&A", "’s", "Email", "Jonas", "re"]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(1, 5))) for _ in range(n)]


def test_cached_labels_as_computed():
    """_may_speak and _common_label are cached (each a function of its tag alone): the same answers as computed."""
    tags = _tags(5000, 11)
    for fn in (heuristic._may_speak, heuristic._common_label):
        fn.cache_clear()
        assert [fn(t) for t in tags] == [fn(t) for t in reversed(tags)][::-1] == [fn.__wrapped__(t) for t in tags]
    assert heuristic._COMMON_NOT_TIME == heuristic.COMMON_WORDS - heuristic.TIME_WORDS


def _runs_before(text: str) -> dict[str, list[int]]:
    runs: dict[str, list[int]] = {}
    for m in heuristic._WORD_RUN.finditer(text):
        runs.setdefault(m.group(), []).append(m.start())
    return runs


def test_run_starts_as_the_index_of_runs():
    """_Elsewhere.run_starts finds a word's runs by str.find: the starts the index of every run had, for each run
    of a text and for words it holds only inside longer runs."""
    rng = random.Random(5)
    alphabet = ["Ana", "an", "na", "a", "Bo", "b", "_", "é", "e\u0301", "1", "²", " ", " ", ".", "-", "'", "\n", "李", "華"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        before = _runs_before(text)
        found = heuristic._Elsewhere(text)
        for lead in [*before, "Ana", "an", "na", "a", "Bo", "_", "1", "李華"]:
            assert found.run_starts(lead) == before.get(lead, []), (text, lead)


def test_forms_json_as_dumps():
    """store.write._forms_json writes a mention's forms as json.dumps(..., ensure_ascii=False, sort_keys=True) did."""
    import json

    from minirag_cli.store import write

    rng = random.Random(3)
    words = ["Li Hua", "LiHua", "李华", "Müller", "a\"b", "x\\y", "\n", "émoji 🎉", "\u2028", "", "1"]
    for _ in range(5000):
        forms = {rng.choice(words) + rng.choice(words): rng.randint(0, 9) for _ in range(rng.randint(0, 4))}
        assert write._forms_json(forms) == json.dumps(forms, ensure_ascii=False, sort_keys=True)


def _find_dates_before(text: str) -> list[tuple[str, str]]:
    t = textmod
    found = []
    for m in t.COMPACT_DATE.finditer(text):
        iso = t.iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m in t.ISO_DATE.finditer(text):
        iso = t.iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m in t.WORD_DATE.finditer(text):
        day, month_word = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month = t.MONTH_WORDS[month_word.lower()]
        year = int(m.group(5)) if m.group(5) else None
        if month_word == "may" and m.group(1) and not year and t._MAY_VERB_AFTER.match(text, m.end()) \
                and not t._DAY_BEFORE.search(text, max(0, m.start() - 10), m.start()):
            continue
        if m.group(1) and not year and t._count_before_a_name(text, m):
            continue
        iso = t.iso_date(year, month, int(day))
        if iso:
            found.append((m.group(0), iso))
    for m in t.CJK_DATE.finditer(text):
        iso = t.iso_date(int(m.group(1)) if m.group(1) else None, int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m, year, month, day in t.german_dates(text):
        iso = t.iso_date(int(year) if year else None, month, day)
        if iso:
            found.append((m.group(0), iso))
    # (text._dotted_days itself: what is checked is that find_dates' hint, _DOTTED_DAY_HINT, skips no text it reads)
    for m, year, month, day in t._dotted_days(text):
        iso = t.iso_date(year, month, day)
        if iso:
            found.append((m.group(0), iso))
    return found


def test_find_dates_as_before():
    """find_dates skips the patterns a text cannot match (no figure; no 19 or 20, `-`, 月): the same dates."""
    rng = random.Random(17)
    parts = ["2024", "1999", "20240501", "2024-05-01", "05", "-", "1", "31", "12", "3rd", " ", ", ", ".", "May", "may",
             "Dec", "December", "of", "the", "4th", "am", "3.", "10.", "Oktober", "Okt.", "2026年", "5月", "3日", "月",
             "号", "٣", "١٢", "２０２４", "T10", "_", "on", "we", "Li Hua", "\n", "Step", "attend"]
    texts = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 14))) for _ in range(30_000)]
    texts += ["Only 3 may attend", "on 4 may we flew", "am 3.10. um 9", "2024年5月3日", "5月3号", "no figure here",
              "Meet 4 December 2026", "20240501_1200", "١٢ May", "Do 17.12. um 9", "done: 17.11., 1.12.", "Mo 7.12.26",
              "am 17.11., 24.11. und 1.12."]
    assert [textmod.find_dates(t) for t in texts] == [_find_dates_before(t) for t in texts]


def test_cached_key_answers_as_computed():
    """naming.fuzzable and display_name are cached (functions of their arguments alone): the same answers."""
    from minirag_cli import naming

    rng = random.Random(23)
    parts = ["li", "hua", "LiHua", "Li\u200bHua", "2024-05-01", "May 1st, 2024", "date:", "²", "٣", "x", "bluebell", "s",
             "JavaScript", " ", "Müller", "3"]
    forms = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 4))) for _ in range(4000)]
    types = ["person", "date", "name", "product", "location"]
    naming.fuzzable.cache_clear(), naming.display_name.cache_clear()
    assert [naming.fuzzable(f) for f in forms] == [naming.fuzzable.__wrapped__(f) for f in forms]
    pairs = [(f, rng.choice(types)) for f in forms]
    assert [naming.display_name(*p) for p in pairs] == [naming.display_name.__wrapped__(*p) for p in pairs]
