"""Id-like names: a ticket (`OPS-1423`), an incident (`INC-2026-109`), a pull
request (`PR #839`), a version (`v2.14.1`), a host (`db-prod-03`).

Such a name differs from its neighbours (`OPS-1431`, `db-prod-04`) by its
digits, which an embedding barely sees: a question that names one exactly is
about that one (graph.grounding), and one the notes found do not hold is no
nearby one (unheld). An id starts with a letter, has a letter and a digit,
and is parts of letters and digits joined by `-`, `.`, `_` or `/`, or a
capitalised word and `#` and a number (`PR #839`, `Issue #12`). One word
without a joint (`Q3`, `mp3`) is no id; nor a date or a time (no letter first).
"""

from __future__ import annotations

import re

_JOINED = r"[A-Za-z][A-Za-z0-9]*(?:[-_./][A-Za-z0-9]+)+"  # parts and joints: db-prod-03, v2.14.1
_NUMBERED = r"[A-Z][A-Za-z]*[ \t]?#\d+"  # a capitalised word and a number: PR #839
ID_NAME = re.compile(rf"(?<![\w#@./-])(?:{_NUMBERED}|{_JOINED})(?![\w@]|[-_./#]\w)")
_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[A-Za-z]")


def is_id(name: str) -> bool:
    """Is `name` id-like (see the module docstring): `INC-2026-109`, `PR #839`,
    `v2.14.1`, `db-prod-03` are; `Priya Raman`, `2026-11-03`, `Q3` are not."""
    name = name.strip()
    return (ID_NAME.fullmatch(name) is not None and _DIGIT.search(name) is not None
            and _LETTER.search(name) is not None)


def ids_in(text: str) -> list[str]:
    """The id-like names `text` writes, first written first, each once."""
    found: list[str] = []
    for m in ID_NAME.finditer(text):
        if is_id(m.group()) and m.group() not in found:
            found.append(m.group())
    return found


def id_held(name: str, text: str) -> bool:
    """Does `text` write the id `name`, in any case and with any of its joints
    or none (`db-prod-03` in `db-prod-03.eu-west-1`, `PR #839` in `PR 839`),
    but not another id it starts (`OPS-150` is not in `OPS-1500`)?"""
    parts = re.findall(r"[A-Za-z0-9]+", name)
    if not parts:
        return False
    joined = r"[ \t]*[-_./#]?[ \t]*".join(re.escape(p) for p in parts)
    return re.search(rf"(?<![A-Za-z0-9]){joined}(?![A-Za-z0-9])", text, re.I) is not None
