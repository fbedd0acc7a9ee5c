"""Rendering: every command's plain data becomes a rich table on a terminal,
JSON for scripts, or paths one per line. Results go to stdout; progress,
warnings and hints go to stderr (so pipes carry only results)."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table


def _no_color() -> bool:
    from minirag_cli.config import environment

    return environment().no_color


def stdout_console() -> Console:
    return Console(no_color=_no_color(), soft_wrap=False)


def stderr_console() -> Console:
    return Console(stderr=True, no_color=_no_color())


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def human_bytes(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


def render_sync_summary(summary: dict, console: Console) -> None:
    table = Table(title="mrag sync", show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("files", f"{summary['added']} added, {summary['changed']} changed, "
                           f"{summary['removed']} removed, {summary['unchanged']} unchanged")
    table.add_row("chunks", f"{summary['chunks']} written ({summary['total_chunks']} in the index)")
    table.add_row("entities", str(summary["entities"]))
    table.add_row("extractor", summary["extractor"])
    if summary.get("model_calls") or summary.get("cache_hits"):
        per_chunk = f", {summary['seconds_per_chunk']:.2f} s/chunk" if summary.get("seconds_per_chunk") else ""
        table.add_row("model", f"{summary['model_calls']} calls, {summary['cache_hits']} cache hits, "
                               f"{summary['tokens_in']} tokens in / {summary['tokens_out']} out{per_chunk}")
    table.add_row("embedded", f"{summary['embedded']} texts ({summary['reused_vectors']} chunk vectors reused)")
    table.add_row("elapsed", f"{summary['seconds']:.1f} s")
    console.print(table)
    # a vault with hundreds of images must not bury the rest: one line per
    # reason given more than 3 times (`--json` still lists every file)
    by_reason: dict[str, list[str]] = {}
    for item in summary["skipped"]:
        by_reason.setdefault(item["reason"], []).append(item["path"])
    for reason, paths in by_reason.items():
        if len(paths) > 3:
            console.print(f"[yellow]skipped[/] {len(paths)} files: {reason} (e.g. {', '.join(paths[:2])})",
                          highlight=False)
        else:
            for path in paths:
                console.print(f"[yellow]skipped[/] {path}: {reason}", highlight=False)
    for item in summary["warnings"]:
        console.print(f"[yellow]warning[/] {item['path']}: {item['reason']}")


def render_status(status: dict, console: Console) -> None:
    table = Table(title=f"mrag index {status['db']}", show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column()
    for key in ("files", "chunks", "entities", "aliases", "mentions", "edges", "relations"):
        table.add_row(key, str(status[key]))
    table.add_row("db size", human_bytes(status["db_bytes"]))
    table.add_row("embedding model", f"{status['embedding_model']} ({status['embedding_dim']} dims)")
    table.add_row("extractor", str(status["extractor"]))
    table.add_row("chunking", f"{status['chunk_tokens']} tokens, {status['overlap_tokens']} overlap")
    table.add_row("roots", "\n".join(status["roots"]) or "-")
    table.add_row("last sync", str(status["last_sync"]))
    table.add_row("schema version", str(status["schema_version"]))
    console.print(table)


def render_entities(rows: list[dict], console: Console) -> None:
    table = Table()
    for col in ("name", "type", "mentions", "chunks", "aliases"):
        table.add_column(col, justify="right" if col in ("mentions", "chunks") else "left")
    for r in rows:
        aliases = ", ".join(a for a in r["aliases"] if a != r["name"])
        table.add_row(r["name"], r["type"], str(r["mentions"]), str(r["chunks"]), aliases)
    console.print(table)


def render_eval(report: dict, console: Console) -> None:
    """`mrag eval`: one row per (group, metric), one column per mode; the best
    value of each row in bold."""
    modes = list(report["modes"])
    ks = report["k"]
    table = Table(title=f"mrag eval · {report['questions']} questions · MRR within top {report['mrr_cutoff']}")
    table.add_column("group", style="bold")
    table.add_column("metric")
    for mode in modes:
        table.add_column(mode, justify="right")
    groups = list(dict.fromkeys(g for m in modes for g in report["modes"][m]))
    metrics = [f"{m}@{k}" for m in ("recall", "hit") for k in ks] + ["mrr"]
    for gi, group in enumerate(groups):
        if gi:
            table.add_section()
        cells = [report["modes"][m].get(group, {}) for m in modes]
        table.add_row(group, "n", *[str(c.get("n", 0)) for c in cells])
        for metric in metrics:
            values = [c.get(metric) for c in cells]
            if all(v is None for v in values):
                continue
            best = max(v for v in values if v is not None)
            shown = ["-" if v is None else (f"[bold]{v:.3f}[/]" if v == best and len(modes) > 1 else f"{v:.3f}")
                     for v in values]
            table.add_row("", metric, *shown)
    console.print(table)
    if report["unknown_paths"]:
        console.print(f"[yellow]{len(report['unknown_paths'])} expected path(s) not in the index[/] "
                      f"(left out of scoring; {len(report['excluded'])} question(s) excluded entirely).")
