"""Rendering: every command's plain data becomes a rich table on a terminal,
JSON for scripts, or paths one per line. Results go to stdout; progress,
warnings and hints go to stderr (so pipes carry only results)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console
from rich.table import Table


def stdout_console() -> Console:
    return Console(no_color=bool(os.environ.get("NO_COLOR")), soft_wrap=False)


def stderr_console() -> Console:
    return Console(stderr=True, no_color=bool(os.environ.get("NO_COLOR")))


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
        table.add_row("model", f"{summary['model_calls']} calls, {summary['cache_hits']} cache hits, "
                               f"{summary['tokens_in']} tokens in / {summary['tokens_out']} out")
    table.add_row("embedded", f"{summary['embedded']} texts ({summary['reused_vectors']} chunk vectors reused)")
    table.add_row("elapsed", f"{summary['seconds']:.1f} s")
    console.print(table)
    for item in summary["skipped"]:
        console.print(f"[yellow]skipped[/] {item['path']}: {item['reason']}")
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
