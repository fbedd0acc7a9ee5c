"""Figures to markdown: statistics, tables, the machine line, and the update
of this benchmark's own sections in BENCHMARKS.md (between
`<!-- bench:NAME -->` markers; the rest of the file belongs to others and is
left as it is)."""

from __future__ import annotations

import datetime as dt
import os
import platform
import statistics
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCHMARKS = REPO / "BENCHMARKS.md"


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); with few runs p95 is the max."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def p50(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def secs(seconds: float) -> str:
    return f"{seconds:.1f} s" if seconds >= 10 else f"{seconds:.2f} s"


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def table(headers: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join(" --- " for _ in headers) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_line(load_before: tuple[float, float, float] | None = None) -> str:
    load = load_before or os.getloadavg()
    return (f"{os.cpu_count()} cores ({cpu_model()}), shared with other jobs: load average "
            f"{load[0]:.1f} when the scenario started; Python {platform.python_version()}; "
            f"{dt.date.today().isoformat()}")


def update_section(key: str, markdown: str, path: Path = BENCHMARKS) -> None:
    """Replace (or append) the block between this scenario's markers. Re-reads
    the file right before writing, since other people edit it too."""
    start, end = f"<!-- bench:{key} -->", f"<!-- /bench:{key} -->"
    block = f"{start}\n{markdown.strip()}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        _old, after = rest.split(end, 1)
        text = before + block + after
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    tmp = path.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
