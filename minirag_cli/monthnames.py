"""The months' names in the languages mrag reads dates in: one table for the readers and rules that each wrote
their own (keep_html's Takeout times, notekinds' Kindle entries, text's German dates, the heuristic's calendar
words), which take from it the languages they read. No imports: text.py builds its tables from it."""

from __future__ import annotations

# January to December as each language writes them, accents and all (lower case)
MONTHS_BY_LANGUAGE = {
    "en": "january february march april may june july august september october november december",
    "de": "januar februar märz april mai juni juli august september oktober november dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}
# another name a language has for a month: Austria's Jänner, Latin America's setiembre
MONTH_VARIANTS = {"de": {"jänner": 1}, "es": {"setiembre": 9}}


def month_numbers(*languages: str, variants: bool = False) -> dict[str, int]:
    """{a month's name: its number (1 January)} of `languages` (MONTHS_BY_LANGUAGE's keys), in their order, and
    their MONTH_VARIANTS too when `variants`."""
    out: dict[str, int] = {}
    for language in languages:
        out.update((name, n) for n, name in enumerate(MONTHS_BY_LANGUAGE[language].split(), start=1))
        if variants:
            out.update(MONTH_VARIANTS.get(language, {}))
    return out
