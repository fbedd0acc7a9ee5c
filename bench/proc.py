"""Running a measured child process: wall time, CPU time (user + sys) and
peak RSS of that one child, from os.wait4 (so nothing else on the machine, nor
an earlier child, is counted). CPU time is the steadier figure on a shared
machine; wall time is what a user waits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


@dataclass
class Run:
    argv: list[str]
    wall: float
    cpu: float
    peak_rss: int  # bytes
    returncode: int
    stdout: str
    stderr: str

    def json(self):
        """stdout as JSON, else its last line that is a JSON object (workers print one)."""
        try:
            return json.loads(self.stdout)
        except ValueError:
            pass
        for line in reversed(self.stdout.strip().splitlines()):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
        raise RuntimeError(f"no JSON from {' '.join(self.argv)}:\n{self.stdout[-2000:]}\n{self.stderr[-3000:]}")


def mrag_exe() -> str:
    exe = VENV_BIN / "mrag"
    return str(exe) if exe.exists() else "mrag"


def bench_env(extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"HF_HUB_OFFLINE": "1", "NO_COLOR": "1", "TOKENIZERS_PARALLELISM": "false"})
    env.update(extra or {})
    return env


def run(argv: list[str], env: dict | None = None, cwd: Path | None = None, check: bool = True) -> Run:
    import tempfile

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(a) for a in argv], stdout=out, stderr=err, env=env or bench_env(),
                                cwd=cwd or REPO, text=True)
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        stdout, stderr = out.read(), err.read()
    # ru_maxrss is in KiB on Linux
    r = Run([str(a) for a in argv], wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024,
            proc.returncode, stdout, stderr)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(r.argv)} exited {proc.returncode}:\n{stderr[-3000:]}")
    return r


def worker(task: str, args: dict, env: dict | None = None) -> tuple[dict, Run]:
    """Run bench.worker TASK in a fresh interpreter; returns its JSON and the Run."""
    r = run([sys.executable, "-m", "bench.worker", task, json.dumps(args)], env=env)
    return r.json(), r
