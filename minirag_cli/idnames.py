"""Id-like names: a ticket (`OPS-1423`), an incident (`INC-2026-109`), a pull
request (`PR #839`), a version (`v2.14.1`), a host (`db-prod-03`).

Such a name differs from its neighbours (`OPS-1431`, `db-prod-04`) by its
digits, which an embedding barely sees: a question that names one exactly is
about that one (graph.grounding), and one the notes found do not hold is no
nearby one (unheld). Only shapes that are certainly identifiers count (review
revD: `v3.2`, `Q3/Q4`, `mid-2026`, `x86-64`, `budget_2026.xlsx`, `TLS-1.3`,
`K-12` are ordinary words a note writes otherwise, "version 3.2", and a
question naming them was declined):
- a ticket: two or more capitals or digits, a dash and a number, more
  dashed parts allowed (`OPS-1500`, `INC-2026-109`), or a pull request's,
  merge request's or issue's word, `#` and a number (`PR #839`, `Issue #12`);
- a host: lower-case parts, one with a digit, joined by two or more dashes or
  dots (`db-prod-07`, `gw-int-02`, `db-prod-03.eu-west-1`);
- a version: `v` and a number with dots (`v2.14.9`), held when the notes
  write its number with or without the `v` ("Release 2.14.9").
A part glued to more (`TLS-1.3`, `IMG-2041.jpg`: a file's name) is none.
"""

from __future__ import annotations

import re

_TICKET = r"[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*-\d+"  # OPS-1500, INC-2026-109
_NUMBERED = r"(?:PR|MR|CR|Issue|ISSUE|Bug|BUG|Ticket|Task|Story)[ \t]?#\d+"  # PR #839
_VERSION = r"v\d+(?:\.\d+)+"  # v2.14.9
_HOST = r"[a-z][a-z0-9]*(?:[-.][a-z0-9]+){2,}"  # db-prod-07 (a digit checked in is_id)
ID_NAME = re.compile(rf"(?<![\w#@./-])(?:{_NUMBERED}|{_TICKET}|{_VERSION}|{_HOST})(?![\w@]|[-_./#]\w)")
_VERSION_NAME = re.compile(_VERSION)
_DIGIT = re.compile(r"\d")


def is_id(name: str) -> bool:
    """Is `name` id-like (see the module docstring): `INC-2026-109`, `PR #839`,
    `v2.14.1`, `db-prod-03` are; `Priya Raman`, `2026-11-03`, `Q3`, `v3`,
    `mid-2026`, `TLS-1.3` are not."""
    name = name.strip()
    return ID_NAME.fullmatch(name) is not None and _DIGIT.search(name) is not None


def ids_in(text: str) -> list[str]:
    """The id-like names `text` writes, first written first, each once."""
    found: list[str] = []
    for m in ID_NAME.finditer(text):
        if is_id(m.group()) and m.group() not in found:
            found.append(m.group())
    return found


# a version a question writes without its `v` after a word of releasing ("when did we deploy 2.13.2")
_ASKED_VERSION = re.compile(r"\b(?:releases?|released|deploy(?:s|ed|ing)?|versions?|ver\.?|shipped|upgraded? to"
                            r"|rolled out)[ \t]+v?(\d+(?:\.\d+){1,3})(?![\w.]|\.\d)", re.I)


def ids_asked(question: str) -> list[str]:
    """The id-like names a question writes (ids_in), and a version it writes
    without its `v` after a word of releasing (`2.13.2` in "deploy 2.13.2"
    is `v2.13.2`), each once."""
    found = ids_in(question)
    for m in _ASKED_VERSION.finditer(question):
        name = "v" + m.group(1)
        if is_id(name) and name not in found:
            found.append(name)
    return found


def id_held(name: str, text: str) -> bool:
    """Does `text` write the id `name`, in any case and with any of its joints
    or none (`db-prod-03` in `db-prod-03.eu-west-1`, `PR #839` in `PR 839`),
    but not another id it starts (`OPS-150` is not in `OPS-1500`)? A version
    also by its number alone (`v2.14.9` in "Release 2.14.9", not in 2.14.91)."""
    if _VERSION_NAME.fullmatch(name):
        number = re.escape(name[1:])
        return re.search(rf"(?<![\w.]){number}(?!\w|\.\d)|(?<![\w.])v{number}(?!\w|\.\d)", text, re.I) is not None
    parts = re.findall(r"[A-Za-z0-9]+", name)
    if not parts:
        return False
    joined = r"[ \t]*[-_./#]?[ \t]*".join(re.escape(p) for p in parts)
    return re.search(rf"(?<![A-Za-z0-9]){joined}(?![A-Za-z0-9])", text, re.I) is not None
