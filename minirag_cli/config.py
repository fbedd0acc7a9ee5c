"""Settings: what every command uses when a flag is not given, and where each
value came from.

Precedence, highest first: command-line flags > environment variables
(MRAG_*) > the project config `.mrag/config.toml` next to the index (only
when the index is in a `.mrag` folder) > the user config
`$XDG_CONFIG_HOME/mrag/config.toml` (default `~/.config/mrag/config.toml`;
`$MRAG_CONFIG` names another file) > built-in defaults. Config files are
flat TOML (`k = 8`, `mode = "hybrid"`); relative paths in them (`db`,
`model`) are relative to the folder holding the file.

The index itself is located first (flags, MRAG_DB, the nearest `.mrag/`
folder, the user config's `db`, then the default), since the project config is
the one that sits next to it. `effective()` is the one entry point commands
use; it returns a `Settings` whose `.sources` says where each value came from.

This is the only module that reads the process environment: the MRAG_*
settings above, and `environment()` for the rest (MRAG_DEBUG, MRAG_THREADS,
MRAG_PARALLEL, MRAG_LLM_LOG, MRAG_SQLITE, MRAG_FAST_QUERY, MRAG_CACHE_DIR,
MRAG_PLUGINS, MRAG_TODAY, XDG_*, NO_COLOR), whose fields the library takes as arguments.
The two places that must *set* variables for libraries mrag loads (the
Hugging Face stack's offline switch and progress bars) are functions here
too (`prepare_model_environment`, `hub_offline`); onnxruntime's telemetry
switch is set in `minirag_cli/__init__.py`, before anything can import it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from minirag_cli.errors import DatabaseError, MragError, UsageError

PROJECT_DIRNAME = ".mrag"
INDEX_FILENAME = "index.sqlite"
CONFIG_FILENAME = "config.toml"

# kept in step with chunking.DEFAULT_* and embed.DEFAULT_EMBEDDING_MODEL; not
# imported from there because embed pulls numpy and `mrag config show` should
# stay instant (tests check the two agree)
DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
DEFAULT_CHUNK_TOKENS = 120
DEFAULT_OVERLAP_TOKENS = 20

EXTRACTORS = ("auto", "heuristic", "llm")
MODE_PARTS = ("dense", "bm25", "graph", "hybrid")


# sync flags the index itself remembers, with no setting here. A config file or
# MRAG_* variable applies to every index it reaches, and a project config sits
# in the notes folder (anyone who can write a shared folder can write it):
# following symlinks out of the folder (a link to ~/.ssh or /etc) would be
# turned on for indexes whose users never asked. Given once to `mrag sync`, it
# is kept with the index that user made (sync.following).
SYNC_FLAG_ONLY = {
    "follow_symlinks": "Following symlinks out of the folder is not a setting: give --follow-symlinks to "
                       "`mrag sync DIR` once; the index keeps it for that folder (--no-follow-symlinks stops).",
    "max_bytes": "The size limit is not a setting: give --max-bytes to `mrag sync DIR` once; the index keeps it "
                 "(--max-bytes 0 goes back to 5 MB).",
}


class ConfigError(MragError):
    """A config file or an MRAG_* variable holds something mrag cannot use."""


def _as_path(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a path (a non-empty string)")
    return value


def _as_str(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a non-empty string")
    return value.strip()


def _as_extractor(value: Any) -> str:
    value = _as_str(value).lower()
    if value not in EXTRACTORS:
        raise ValueError(f"expected one of {', '.join(EXTRACTORS)}")
    return value


def _as_mode(value: Any) -> str:
    value = _as_str(value).lower().replace(" ", "")
    parts = [p for p in value.split(",") if p]
    if not parts or any(p not in MODE_PARTS for p in parts):
        raise ValueError("expected dense, bm25, graph, hybrid or a comma-separated set of them")
    return ",".join(parts)


DAY_ORDERS = ("day-first", "month-first")  # dayorder.DAY_ORDERS (not imported: config show stays instant)


def _as_day_order(value: Any) -> str:
    value = _as_str(value).lower()
    if value not in DAY_ORDERS:
        raise ValueError(f"expected {' or '.join(DAY_ORDERS)}")
    return value


def _int_at_least(lowest: int) -> Callable[[Any], int]:
    def convert(value: Any) -> int:
        if isinstance(value, bool):
            raise ValueError("expected a whole number")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise ValueError("expected a whole number") from None
        if not isinstance(value, int):
            raise ValueError("expected a whole number")
        if value < lowest:
            raise ValueError(f"expected a number >= {lowest}")
        return value

    return convert


@dataclass(frozen=True)
class Spec:
    name: str
    default: Any
    env: str
    convert: Callable[[Any], Any]
    help: str
    is_path: bool = False


SPECS: tuple[Spec, ...] = (
    Spec("db", None, "MRAG_DB", _as_path, "index file (default: nearest .mrag/index.sqlite)", is_path=True),
    Spec("model", None, "MRAG_MODEL", _as_path, "GGUF model for the llm extractor and answers", is_path=True),
    Spec("embedding_model", DEFAULT_EMBEDDING_MODEL, "MRAG_EMBEDDING_MODEL", _as_str,
         "sentence-transformers model name or folder"),
    Spec("extractor", "auto", "MRAG_EXTRACTOR", _as_extractor, "auto | heuristic | llm"),
    Spec("chunk_tokens", DEFAULT_CHUNK_TOKENS, "MRAG_CHUNK_TOKENS", _int_at_least(1), "chunk size in tokens"),
    Spec("overlap_tokens", DEFAULT_OVERLAP_TOKENS, "MRAG_OVERLAP_TOKENS", _int_at_least(0),
         "overlap between chunks in tokens"),
    Spec("day_order", None, "MRAG_DAY_ORDER", _as_day_order,
         "day-first | month-first: how the notes write 11/12/2026 (unset: only days a note settles)"),
    Spec("hops", 2, "MRAG_HOPS", _int_at_least(0), "graph walk depth for ask"),
    Spec("k", 10, "MRAG_K", _int_at_least(1), "results returned by ask"),
    Spec("mode", "hybrid", "MRAG_MODE", _as_mode, "retrieval channels: dense, bm25, graph or hybrid"),
)
SPEC_BY_NAME = {s.name: s for s in SPECS}


@dataclass
class Settings:
    """Effective settings. Read values as attributes (`settings.k`);
    `sources[name]` is "default", "user config PATH", "project config PATH",
    "env MRAG_X" or "flag"."""

    values: dict[str, Any]
    sources: dict[str, str]
    user_config: Path | None = None
    project_config: Path | None = None
    files_read: list[str] = field(default_factory=list)
    # settings whose MRAG_* variable holds no valid value: the error is raised when the
    # setting is read, so `MRAG_MODE=bogus mrag status` works and `mrag ask` says why it cannot
    errors: dict[str, "ConfigError"] = field(default_factory=dict)
    # where the value in `values` came from, for a setting with an error: `sources` names the
    # level whose bad value is the error (the commands raise it), this one the value below it
    value_sources: dict[str, str] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        errors = self.__dict__.get("errors", {})
        if name in errors:
            raise errors[name]
        values = self.__dict__.get("values", {})
        if name in values:
            return values[name]
        raise AttributeError(name)

    def check(self) -> None:
        """Raise the first bad setting's ConfigError (for a command that shows them all)."""
        for error in self.errors.values():
            raise error

    def source(self, name: str) -> str:
        return self.sources[name]

    def _shown(self, spec: "Spec") -> dict:
        """One setting for to_dict. One with no valid value says why under "error" and where
        that bad value is under "error_source"; "value" and "source" are then the value below
        it and where that came from (unused: the commands that read the setting fail)."""
        name = spec.name
        if name not in self.errors:
            return {"value": self.values[name], "source": self.sources[name], "env": spec.env}
        return {"value": self.values[name], "source": self.value_sources.get(name, "default"), "env": spec.env,
                "error": str(self.errors[name]), "error_source": self.sources[name]}

    def to_dict(self) -> dict:
        return {
            "settings": {s.name: self._shown(s) for s in SPECS},
            "user_config": str(self.user_config) if self.user_config else None,
            "project_config": str(self.project_config) if self.project_config else None,
            "files_read": self.files_read,
        }


# ------------------------------------------------------------------ the process environment


@dataclass(frozen=True)
class Environment:
    """What the process environment says beyond the settings: read by
    `environment()`, passed down as arguments."""

    debug: bool = False  # MRAG_DEBUG: tracebacks instead of one-line errors
    # the llama.cpp tuning numbers (LLM_NUMBERS), read as attributes (`env.threads`): None when
    # unset; one whose variable holds no whole number >= 1 raises its ConfigError when read, so
    # the commands that load a model stop naming it and the others run (as Settings.errors)
    numbers: dict[str, "int | ConfigError | None"] = field(default_factory=dict)
    llm_log: str | None = None  # MRAG_LLM_LOG: a JSON Lines file of every extractor call
    sqlite: str | None = None  # MRAG_SQLITE: force one SQLite binding (tests of the fallback order)
    fast_query: bool = True  # MRAG_FAST_QUERY=0 turns the ONNX query embedder off
    cache_dir: Path = Path("~/.cache/mrag")  # MRAG_CACHE_DIR, else $XDG_CACHE_HOME/mrag
    models_dir: Path = Path("~/.cache/mrag/models")  # $XDG_CACHE_HOME/mrag/models (`mrag model pull`)
    no_color: bool = False  # NO_COLOR
    plugins: tuple[str, ...] = ()  # MRAG_PLUGINS: modules or .py files to load (see load_plugins)
    today: str | None = None  # MRAG_TODAY: the day `mrag ask` reads "yesterday" against (askday.current_day)


    def __getattr__(self, name: str) -> Any:
        if name not in LLM_NUMBERS:
            raise AttributeError(name)
        value = self.__dict__.get("numbers", {}).get(name)
        if isinstance(value, ConfigError):
            raise value
        return value

    def number_errors(self) -> list[ConfigError]:
        """The tuning numbers' errors (`mrag doctor` shows them as failed settings)."""
        return [v for v in self.numbers.values() if isinstance(v, ConfigError)]


LLM_NUMBERS = {
    "threads": "MRAG_THREADS",  # llama.cpp threads (the llm extractor's, the answer model's)
    "parallel": "MRAG_PARALLEL",  # answers the llm extractor decodes together (per worker)
    "batch": "MRAG_BATCH",  # tokens per llama.cpp decode call of the llm extractor
    "workers": "MRAG_WORKERS",  # llama.cpp contexts the llm extractor decodes in
}


def _llm_number(variable: str) -> "int | ConfigError | None":
    """One tuning number: None when unset or empty. `abc` or `0` was ignored
    without a word (the default used, the user's setting not): an error now,
    raised by the commands that read it (README: a bad value stops only the
    commands that use it)."""
    raw = os.environ.get(variable, "")
    if not raw.strip():
        return None
    try:
        return _int_at_least(1)(raw)
    except ValueError as exc:
        return ConfigError(f"Environment variable {variable}={raw!r}: {exc}.",
                           hint="Set it to a whole number such as 2, or unset it for the default.")


def _xdg(name: str, default: str) -> Path:
    return Path(os.environ.get(name) or os.path.join(os.path.expanduser("~"), default))


def environment() -> Environment:
    """The process environment as mrag uses it (read on each call: cheap, and
    tests change it)."""
    env = os.environ
    cache = _xdg("XDG_CACHE_HOME", ".cache") / "mrag"
    off = ("0", "false", "no", "off")
    return Environment(
        # "0", "false", "no", "off" and "" leave it off, as a user who writes MRAG_DEBUG=0 means
        debug=env.get("MRAG_DEBUG", "").strip().lower() not in ("", *off),
        numbers={name: _llm_number(variable) for name, variable in LLM_NUMBERS.items()},
        llm_log=env.get("MRAG_LLM_LOG") or None,
        sqlite=env.get("MRAG_SQLITE") or None,
        # the same words turn it off: MRAG_FAST_QUERY=false left the fast path on
        fast_query=env.get("MRAG_FAST_QUERY", "1").strip().lower() not in off,
        cache_dir=Path(env["MRAG_CACHE_DIR"]) if env.get("MRAG_CACHE_DIR") else cache,
        models_dir=cache / "models",
        no_color=bool(env.get("NO_COLOR")),
        plugins=tuple(p.strip() for p in env.get("MRAG_PLUGINS", "").split(",") if p.strip()),
        today=env.get("MRAG_TODAY", "").strip() or None,
    )


def prepare_model_environment(offline: bool) -> None:
    """Before sentence-transformers loads: its download and loading bars would
    pollute stderr on every run, and a packaged model must never reach for the
    hub (`offline`). These libraries read only the environment, so it is set
    for the process (setdefault: a user's own choice wins)."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if offline:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")


_PROXY_VARS = ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy")


def unreachable_hub() -> str | None:
    """The Hugging Face hub's host name when it does not resolve (offline),
    else None. The hub client retries every request on that for ~20 s; a
    download can fail at once instead. None as well when the hub is switched
    off (HF_HUB_OFFLINE: the client fails at once itself) or a proxy is set
    (the proxy resolves names, not this machine)."""
    import socket
    from urllib.parse import urlparse

    if hub_switched_off():
        return None
    if any(os.environ.get(v) for v in _PROXY_VARS):
        return None
    try:
        from huggingface_hub import constants
    except ImportError:
        return None
    host = urlparse(constants.ENDPOINT).hostname or ""
    try:
        socket.getaddrinfo(host, 443)
    except (socket.gaierror, UnicodeError):
        return host
    return None


def hub_switched_off() -> bool:
    """HF_HUB_OFFLINE is set (now, or when huggingface_hub was imported): the
    hub client reads only its cache."""
    if os.environ.get("HF_HUB_OFFLINE", "").upper() in ("1", "ON", "YES", "TRUE"):
        return True
    try:
        from huggingface_hub import constants
    except ImportError:
        return False
    return bool(constants.HF_HUB_OFFLINE)


@contextlib.contextmanager
def hub_offline() -> Iterator[None]:
    """The Hugging Face hub switched off for the duration (`mrag doctor` asks
    "does the model load offline?"); the previous value is restored."""
    saved = os.environ.get("HF_HUB_OFFLINE")
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = saved


_LOADED_PLUGINS: set[str] = set()


def load_plugins(names: Iterable[str] | None = None) -> None:
    """Import plugins once each: module names or paths of .py files (default:
    MRAG_PLUGINS). A plugin registers what it adds when imported, e.g. an
    embedder family with `embed.register_embedder(prefix, factory)`. The
    tests' `hashing:N` embedder comes in this way (tests/mrag_test_plugin.py):
    production code knows no test-only model name."""
    import importlib
    import importlib.util

    for name in (environment().plugins if names is None else names):
        if name in _LOADED_PLUGINS:
            continue
        _LOADED_PLUGINS.add(name)
        try:
            if name.endswith(".py"):
                spec = importlib.util.spec_from_file_location(f"mrag_plugin_{len(_LOADED_PLUGINS)}", name)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
            else:
                importlib.import_module(name)
        except (ImportError, OSError) as exc:
            raise ConfigError(f"Cannot load the plugin {name!r} (MRAG_PLUGINS): {exc}.") from exc


# ------------------------------------------------------------------ files

def user_config_path() -> Path:
    explicit = os.environ.get("MRAG_CONFIG")
    if explicit:
        path = Path(explicit).expanduser()
        kind = _not_a_config_file(path)
        if kind is not None:  # a typo would otherwise drop every setting of the file
            problem = {"folder": "a folder", "symlink": "a symlink to nothing", "other": "not a regular file",
                       "missing": "no such file"}[kind]
            raise ConfigError(f"Environment variable MRAG_CONFIG={explicit!r}: {problem}, not a config file.",
                              hint="Point it at a TOML file (MRAG_CONFIG=/dev/null for none), "
                                   "or unset it to use ~/.config/mrag/config.toml.")
        return path
    return _xdg("XDG_CONFIG_HOME", ".config") / "mrag" / CONFIG_FILENAME


def _not_a_config_file(path: Path) -> str | None:
    """What is at `path` in place of a config file: None for a file, or a character device (/dev/null, the
    usual way to say "no config": read as an empty file); else "folder", "symlink" (to nothing), "other" or
    "missing"."""
    if path.is_file() or path.is_char_device():
        return None
    if path.is_dir():
        return "folder"
    if path.is_symlink():
        return "symlink"
    return "other" if path.exists() else "missing"


def config_present(path: Path) -> bool:
    """Whether a config file is at `path` to be read. Something else under its
    name (a folder, a symlink to nothing, a folder that cannot be searched) is
    a ConfigError naming it: ignoring it would silently drop the settings the
    user put there."""
    try:
        kind = _not_a_config_file(path)
        if kind is None:
            return True
        if kind == "missing":
            return False
        problem = {"folder": "is a folder, not a file", "symlink": "is a symlink to nothing",
                   "other": "is not a regular file"}[kind]
    except OSError as exc:
        raise ConfigError(f"Cannot read config file {path}: {exc.strerror}.",
                          hint="Make it readable, or move it away to run without its settings.") from exc
    raise ConfigError(f"Config file {path} {problem}: its settings cannot be read.",
                      hint="Make it a TOML file (e.g.  k = 8), or move it away to run without it.")


MAX_CONFIG_BYTES = 2**20  # a flat settings file is a few hundred bytes


def _line_of_key(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^[ \t]*[\"']?{re.escape(key)}[\"']?\s*=", re.MULTILINE)
    m = pattern.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def read_file(path: Path) -> tuple[dict[str, Any], dict[str, ConfigError]]:
    """Read one config file: the settings it gives (converted) and the errors
    of those whose value mrag cannot use, each naming the file and line. The
    bad values are kept apart, as a bad MRAG_* value is (Settings.errors): a
    command that does not read the setting runs. A file that cannot be read,
    is not TOML or names an unknown setting raises at once: no one setting
    holds the mistake."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib

    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_CONFIG_BYTES + 1)  # bounded: a device such as /dev/zero never ends
    except OSError as exc:
        raise ConfigError(f"Cannot read config file {path}: {exc.strerror}.") from exc
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"Config file {path} is larger than {MAX_CONFIG_BYTES // 2**20} MB: not a config file.",
                          hint="Config files are flat TOML, e.g.  k = 8  and  mode = \"hybrid\".")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark an editor put first is not TOML
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # universal newlines, as read_text gave
    except UnicodeDecodeError as exc:
        raise ConfigError(f"Config file {path} is not UTF-8 text.") from exc
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # the message ends with "(at line L, column C)"
        raise ConfigError(f"{path}: invalid TOML: {exc}.",
                          hint="Config files are flat TOML, e.g.  k = 8  and  mode = \"hybrid\".") from exc
    out: dict[str, Any] = {}
    errors: dict[str, ConfigError] = {}
    for key, value in raw.items():
        line = _line_of_key(text, key)
        where = f"{path}, line {line}" if line else str(path)
        spec = SPEC_BY_NAME.get(key.replace("-", "_"))
        if spec is None:
            raise ConfigError(f"{where}: unknown setting {key!r}.",
                              hint=SYNC_FLAG_ONLY.get(key.replace("-", "_"))
                              or "Known settings: " + ", ".join(s.name for s in SPECS) + ".")
        try:
            value = spec.convert(value)
        except ValueError as exc:
            errors[spec.name] = ConfigError(f"{where}: {key} = {json.dumps(value, default=str)}: {exc}.")
            out.pop(spec.name, None)  # `chunk-tokens` and `chunk_tokens` both given: the last one counts
            continue
        if spec.is_path:
            p = Path(value).expanduser()
            value = str(p if p.is_absolute() else (path.parent / p).resolve())
        out[spec.name] = value
        errors.pop(spec.name, None)
    return out, errors


def env_value(name: str) -> Any:
    """One setting from its MRAG_* variable (converted), or None when unset."""
    spec = SPEC_BY_NAME[name]
    raw = os.environ.get(spec.env)
    if raw is None or raw == "":
        return None
    try:
        return spec.convert(raw)
    except ValueError as exc:
        raise ConfigError(f"Environment variable {spec.env}={raw!r}: {exc}.") from None


def _env_values() -> tuple[dict[str, Any], dict[str, ConfigError]]:
    """The settings MRAG_* variables give, and the errors of those that hold
    no valid value (raised when the setting is read: see Settings.errors)."""
    out: dict[str, Any] = {}
    errors: dict[str, ConfigError] = {}
    for spec in SPECS:
        raw = os.environ.get(spec.env)
        if raw is None or raw == "":
            continue
        try:
            out[spec.name] = spec.convert(raw)
        except ValueError as exc:
            errors[spec.name] = ConfigError(f"Environment variable {spec.env}={raw!r}: {exc}.")
    return out, errors


# ------------------------------------------------------------------ where the index is

def find_project_dir(start: Path) -> Path | None:
    """Nearest `.mrag` folder at or above `start` holding an index or a config."""
    start = start.resolve()
    for folder in (start, *start.parents):
        candidate = folder / PROJECT_DIRNAME
        try:
            if (candidate / INDEX_FILENAME).is_file() or config_present(candidate / CONFIG_FILENAME):
                return candidate
        except OSError as exc:  # a folder that cannot be searched (chmod 000): whether it holds one is unknown
            try:
                candidate.stat()
                blocked = candidate
            except OSError:
                blocked = folder
            raise DatabaseError(f"Cannot search the folder {blocked} for an index (.mrag/): {exc.strerror or exc}.",
                                hint=f"Give yourself access to it (chmod u+rx {blocked}), or choose the index "
                                     "with --db (or MRAG_DB).") from None
    return None


def project_config_beside(index: Path) -> Path | None:
    """`.mrag/config.toml` when the index lives in a `.mrag` folder; an index
    elsewhere (`--db ~/kb.sqlite`) has no project config, so an unrelated
    config.toml that happens to sit beside it is never read."""
    cfg = index.parent / CONFIG_FILENAME
    return cfg if index.parent.name == PROJECT_DIRNAME and config_present(cfg) else None


def _file_db(path: Path) -> str | None:
    """The `db` a project config gives. Every command reads the index, so a
    bad `db` there fails at once (no other index may stand in for it); the
    file's other bad values wait for the command that reads them."""
    values, errors = read_file(path)
    if "db" in errors:
        raise errors["db"]
    return values.get("db")


@dataclass
class DbChoice:
    path: Path
    source: str
    project_config: Path | None  # the config file next to (or that located) the index
    # what the record of synced indexes held when it was consulted (synced.py):
    # the ones whose file exists (most recent first) and the ones dropped as gone
    known: list = field(default_factory=list)
    forgotten: list = field(default_factory=list)

    @property
    def from_record(self) -> bool:
        return self.source.startswith(RECORD_SOURCE)


RECORD_SOURCE = "synced most recently"


def state_dir() -> Path:
    """The user's state folder (platformdirs: $XDG_STATE_HOME/mrag on Linux,
    ~/.local/state/mrag by default), where the record of synced indexes lives."""
    import platformdirs

    return Path(platformdirs.user_state_dir("mrag", appauthor=False))


def _absolute(path: str | os.PathLike, cwd: Path) -> Path:
    """`path` (~ expanded) made absolute from `cwd` and normalised (`..` folded), symlinks kept as given."""
    return Path(os.path.normpath(cwd / Path(path).expanduser()))


def resolve_db(explicit: str | None = None, *, sync_dirs: list[Path] | None = None, cwd: Path | None = None,
               user_values: dict[str, Any] | None = None,
               user_errors: dict[str, ConfigError] | None = None) -> DbChoice:
    """Locate the index: --db, MRAG_DB, the nearest `.mrag/` above the current
    directory (then above each synced folder) with its config's `db` if set,
    the user config's `db`, then (for commands that read an index, not for
    `sync DIR`) the index this user synced most recently, else a new
    `.mrag/index.sqlite` in the first synced folder (or the current
    directory)."""
    cwd = cwd or Path.cwd()

    def beside(path: Path) -> Path | None:
        return project_config_beside(path)

    # --db / MRAG_DB as an absolute path (from `cwd`), as every other rule gives it: `status --json`,
    # `config show` and `doctor` name the file a script can open from any folder
    if explicit:
        p = _absolute(explicit, cwd)
        return DbChoice(p, "flag", beside(p))
    env = os.environ.get("MRAG_DB")
    if env:
        p = _absolute(env, cwd)
        return DbChoice(p, "env MRAG_DB", beside(p))
    for start in [cwd, *(sync_dirs or [])]:
        project = find_project_dir(Path(start))
        if project is None:
            continue
        cfg = project / CONFIG_FILENAME
        if config_present(cfg):
            configured = _file_db(cfg)
            if configured:
                return DbChoice(Path(configured), f"project config {cfg}", cfg)
            return DbChoice(project / INDEX_FILENAME, f"found {project}", cfg)
        return DbChoice(project / INDEX_FILENAME, f"found {project}", None)
    if user_values is None:
        user_file = user_config_path()
        user_values, user_errors = read_file(user_file) if config_present(user_file) else ({}, {})
    if user_errors and "db" in user_errors:  # every command reads the index: no other may stand in for it
        raise user_errors["db"]
    if user_values.get("db"):
        p = Path(user_values["db"])
        return DbChoice(p, f"user config {user_config_path()}", beside(p))
    known: list = []
    forgotten: list = []
    if not sync_dirs:  # `sync DIR` without a `.mrag/` makes a new index for DIR, whatever was synced before
        from minirag_cli import synced

        known, forgotten = synced.known_indexes(state_dir())
        if known:
            p = Path(known[0].db)
            return DbChoice(p, f"{RECORD_SOURCE} ({synced.state_file(state_dir())})", beside(p), known, forgotten)
    base = Path(sync_dirs[0]).resolve() if sync_dirs else cwd.resolve()
    p = base / PROJECT_DIRNAME / INDEX_FILENAME
    return DbChoice(p, "default (new index)" if sync_dirs else "default", beside(p), known, forgotten)


def index_to_name(index: str | os.PathLike | None, roots: Iterable[str | os.PathLike] = ()) -> str | None:
    """The index file `index` (the one in use) when `mrag sync ROOTS` typed here without --db would sync another
    (resolve_db: MRAG_DB, a `.mrag/` above the current folder or a root, the user config's `db`, else a new index in
    the first root), so a hint's command names it (`mrag --db INDEX sync ROOT`); None when it would be this one, or
    the index is in memory."""
    if not index:
        return None
    try:
        alone = resolve_db(None, sync_dirs=[Path(r) for r in roots] or None).path
    except MragError:  # a user config that cannot be read: name the index rather than leave it to the config
        return str(index)
    return None if os.path.realpath(alone) == os.path.realpath(index) else str(index)


# ------------------------------------------------------------------ merge

FLAGS = {"overlap_tokens": "--overlap"}  # settings whose flag is not --NAME


def effective(cli_values: dict[str, Any] | None = None, db_path: str | os.PathLike | None = None, *,
              sync_dirs: list[Path] | None = None, cwd: Path | None = None) -> Settings:
    """Merge defaults < user config < project config < env < `cli_values`.

    `cli_values` maps setting names to flag values; None means "flag not
    given". `db_path`, when known, fixes the index (and so the project
    config beside it); otherwise it is located as `resolve_db` says.
    """
    cli = {k: v for k, v in (cli_values or {}).items() if v is not None}
    unknown = set(cli) - set(SPEC_BY_NAME)
    if unknown:
        raise ValueError(f"not settings: {sorted(unknown)}")
    for name, value in list(cli.items()):
        try:
            cli[name] = SPEC_BY_NAME[name].convert(value)
        except ValueError as exc:
            raise UsageError(f"{FLAGS.get(name, '--' + name.replace('_', '-'))} {value!r}: {exc}.") from None

    values = {s.name: s.default for s in SPECS}
    sources = {s.name: "default" for s in SPECS}
    files_read: list[str] = []

    # a setting with no usable value at one level keeps its error (raised when the setting is
    # read: Settings.errors) until a higher level gives it a value or an error of its own
    errors: dict[str, ConfigError] = {}
    value_sources = dict(sources)  # where each value in `values` came from (Settings.value_sources)

    def layer(given: dict[str, Any], bad: dict[str, ConfigError], source: Callable[[str], str]) -> None:
        for name, value in given.items():
            values[name], sources[name] = value, source(name)
            value_sources[name] = sources[name]
            errors.pop(name, None)
        for name, error in bad.items():
            sources[name], errors[name] = source(name), error

    user_file = user_config_path()
    user_present = config_present(user_file)
    user_values, user_errors = read_file(user_file) if user_present else ({}, {})
    if user_present:
        files_read.append(str(user_file))
    layer(user_values, user_errors, lambda _name: f"user config {user_file}")

    choice = resolve_db(cli.get("db"), sync_dirs=sync_dirs, cwd=cwd, user_values=user_values,
                        user_errors=user_errors)
    if db_path is not None and Path(db_path).expanduser().resolve() != choice.path.expanduser().resolve():
        p = Path(db_path).expanduser()
        choice = DbChoice(p, "given", project_config_beside(p))

    if choice.project_config is not None:
        project_values, project_errors = read_file(choice.project_config)
        files_read.append(str(choice.project_config))
        layer(project_values, project_errors, lambda _name: f"project config {choice.project_config}")

    env_values, env_errors = _env_values()
    layer(env_values, env_errors, lambda name: f"env {SPEC_BY_NAME[name].env}")
    for name, value in cli.items():
        values[name], sources[name] = value, "flag"
        errors.pop(name, None)  # the flag is used, not the variable or the file

    # the located index wins over any lower-precedence `db` (it was found using them)
    values["db"], sources["db"] = str(choice.path), choice.source
    errors.pop("db", None)  # the index was located from MRAG_DB as it is (resolve_db)
    return Settings(values, sources, user_config=user_file,
                    project_config=choice.project_config, files_read=files_read, errors=errors,
                    value_sources={name: value_sources[name] for name in errors})


def embedding_model_for(settings: Settings, recorded: str | None) -> str:
    """The embedder a query should use: the configured one when the user set
    it anywhere, else the one the index was built with (so an index built
    with another model keeps working without repeating the flag)."""
    if settings.sources["embedding_model"] == "default" and recorded:
        return recorded
    return settings.embedding_model
