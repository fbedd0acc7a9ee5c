"""The package's shape, checked from the source with `ast` (no imports), so a
change cannot quietly undo it:

- no import cycle among the package's modules (imports inside functions
  count: a lazy import is still a dependency);
- library modules never import the command line (cli.py, app.py, commands/*);
- no typer command body is longer than 30 lines (parse flags, one call, render);
- mcp_server.py and commands/* import nothing private from each other;
- the process environment is read only in config.py (and set only there and
  in __init__.py, for onnxruntime's telemetry switch);
- SQL runs only in the store layer: db.py, store/*, graph/sql.py, and the two
  modules that inspect a database's structure (integrity.py, schema_doc.py);
- no dead code at a module's top level: every function and class is named
  somewhere besides its own definition (the package, its tests, scripts,
  bench, pyproject.toml), or registered by a decorator (the commands).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "minirag_cli"
REPO = PACKAGE.parent
CLI_LAYER = {"minirag_cli.cli", "minirag_cli.app", "minirag_cli.__main__"}
SQL_MODULES = {"minirag_cli.db", "minirag_cli.graph.sql", "minirag_cli.integrity", "minirag_cli.schema_doc"}
ENVIRON_READERS = {"minirag_cli.config"}
ENVIRON_SETTERS = {"minirag_cli.config", "minirag_cli"}  # minirag_cli: __init__.py (onnxruntime telemetry)
MAX_COMMAND_LINES = 30


def modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return out


MODULES = modules()


def is_package(name: str) -> bool:
    return (PACKAGE.parent / Path(*name.split(".")) / "__init__.py").is_file()


def imported_modules(name: str, tree: ast.Module) -> set[str]:
    """Package modules `name` imports anywhere in its source. `from a.b import c`
    is an edge to a.b.c when that is a module, else to a.b; the implicit import
    of a parent package's __init__ is not counted (the package is already
    being initialised when its own submodules import each other)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = name if is_package(name) else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                found.add(sub if sub in MODULES else target)
    return {m for m in found if m in MODULES and m != name}


def test_modules_are_found():
    assert {"minirag_cli.index", "minirag_cli.graph.grounding", "minirag_cli.store.write", "minirag_cli.cli",
            "minirag_cli.commands.ask"} <= set(MODULES)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle():
    graph = {name: imported_modules(name, tree) for name, tree in MODULES.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_check_can_fail():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_library_never_imports_the_command_line():
    for name, tree in MODULES.items():
        if name in CLI_LAYER or name.startswith("minirag_cli.commands"):
            continue
        bad = {m for m in imported_modules(name, tree)
               if m in CLI_LAYER or m.startswith("minirag_cli.commands")}
        assert not bad, f"{name} imports the command line: {sorted(bad)}"


def command_functions(tree: ast.Module):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for dec in node.decorator_list:
                func = dec.func if isinstance(dec, ast.Call) else dec
                if isinstance(func, ast.Attribute) and func.attr in ("command", "callback"):
                    yield node


def body_lines(fn: ast.FunctionDef) -> int:
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]  # the docstring
    return (body[-1].end_lineno - body[0].lineno + 1) if body else 0


def test_typer_commands_are_short():
    seen = 0
    for name, tree in MODULES.items():
        for fn in command_functions(tree):
            seen += 1
            assert body_lines(fn) <= MAX_COMMAND_LINES, f"{name}.{fn.name}: {body_lines(fn)} lines"
    assert seen >= 12  # sync, status, entities, ask, eval, show, entity, config show, graph export, mcp, ...


def private_imports(tree: ast.Module, sources: tuple[str, ...]) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(sources):
            out += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    return out


def test_mcp_server_and_commands_share_nothing_private():
    assert not private_imports(MODULES["minirag_cli.mcp_server"], ("minirag_cli.commands",))
    for name, tree in MODULES.items():
        if name.startswith("minirag_cli.commands"):
            assert not private_imports(tree, ("minirag_cli.mcp_server", "minirag_cli.commands")), name


def environ_uses(tree: ast.Module) -> tuple[list[int], list[int]]:
    """(lines reading the environment, lines writing it)."""
    reads, writes = [], []
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        is_environ = (isinstance(node, ast.Attribute) and node.attr == "environ") or \
            (isinstance(node, ast.Name) and node.id == "environ")
        is_getenv = isinstance(node, ast.Attribute) and node.attr in ("getenv", "putenv", "unsetenv")
        if not (is_environ or is_getenv):
            continue
        parent = parents.get(node)
        method = parent.attr if isinstance(parent, ast.Attribute) else None
        if method in ("setdefault", "pop") or isinstance(parent, ast.Subscript) and \
                isinstance(parents.get(parent), ast.Assign) and parent in parents[parent].targets:
            writes.append(node.lineno)
        else:
            reads.append(node.lineno)
    return reads, writes


def test_environment_is_read_only_in_config():
    for name, tree in MODULES.items():
        reads, writes = environ_uses(tree)
        if name not in ENVIRON_READERS:
            assert not reads, f"{name} reads os.environ at lines {reads}: read it in config.py and pass it down"
        if name not in ENVIRON_SETTERS:
            assert not writes, f"{name} changes os.environ at lines {writes}"


def test_the_environment_check_can_fail():
    reads, writes = environ_uses(ast.parse("import os\nx = os.environ.get('A')\nos.environ.setdefault('B', '1')\n"))
    assert reads == [2] and writes == [3]


def sql_calls(tree: ast.Module) -> list[int]:
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("execute", "executemany", "executescript")]


def test_sql_only_in_the_store_layer():
    for name, tree in MODULES.items():
        if name in SQL_MODULES or name.startswith("minirag_cli.store"):
            continue
        assert not sql_calls(tree), f"{name} runs SQL at lines {sql_calls(tree)}: move it into store/"


def unused_definitions(trees: dict[str, ast.Module], text: str) -> list[str]:
    """`module.name` of each undecorated top-level function and class whose
    name `text` (every source that could call it) holds only once, as a
    word: at its def."""
    import re
    from collections import Counter

    words = Counter(re.findall(r"\w+", text))
    return [f"{name}.{node.name}" for name, tree in trees.items() for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and not node.decorator_list and words[node.name] <= 1]


def test_no_top_level_function_or_class_is_dead_code():
    """config.load_file outlived its last caller (read_file took its place):
    code nothing calls is still read, and kept in step, by whoever changes
    what is around it."""
    sources = [*PACKAGE.rglob("*.py"), *(REPO / "tests").rglob("*.py"), *(REPO / "scripts").rglob("*.py"),
               *(REPO / "bench").rglob("*.py"), REPO / "pyproject.toml"]
    # this file left out: its docstrings and its own check name the dead code they are about
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources
                     if path.is_file() and path.resolve() != Path(__file__).resolve())
    assert unused_definitions(MODULES, text) == []


def test_the_dead_code_check_can_fail():
    trees = {"m": ast.parse("def used():\n    pass\n\ndef load_file():\n    pass\n\n@app.command()\n"
                            "def sync():\n    pass\n\nclass Old:\n    pass\n")}
    text = ast.unparse(trees["m"]) + "\nused()\nx.load_files()\nnot_Old = 1\n"
    assert unused_definitions(trees, text) == ["m.load_file", "m.Old"]
