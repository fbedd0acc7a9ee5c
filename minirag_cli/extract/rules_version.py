"""The heuristic rules' version (meta `heuristic_version`) and what an index recorded with another one needs
(`rules_update`), in a module of its own.

What each version changed is listed above the re-export of `VERSION` in extract/heuristic.py: bump the number
here when you add a line there. `mrag status`, `mrag doctor` and versions.newer_records read these without
importing the rules themselves (compiling their ~600 regexes cost every `mrag status` about 0.4 s of CPU).
"""

VERSION = 33


def rules_update(recorded: str | int | None, extractor: str | None) -> str | None:
    """What an index with notes whose entities come from the heuristic rules
    `recorded` (meta heuristic_version; None: older than version 1) needs
    under this mrag's VERSION: None when they are these rules; "sync" for an
    index the heuristic built (the next sync extracts every note anew from
    its chunks, sync._reextract); "rebuild" for one a model built (its
    windows and `complete` use these rules: the next sync extracts anew only
    when the model's cache holds every window as the rules cut it now, else
    only `sync --rebuild` does, asking the model for the windows it lacks);
    "newer" for rules a newer mrag recorded (sync refuses the index:
    versions.py; only a rebuild extracts it with these). The one decision that sync,
    doctor and status each word for their own output."""
    if recorded is not None and str(recorded) == str(VERSION):
        return None
    if str(recorded).isdigit() and int(recorded) > VERSION:
        return "newer"
    return "rebuild" if str(extractor or "heuristic").startswith("llm") else "sync"
