"""scripts/install picks the CPU build of torch: from pip's configured sources when
they hold one (an offline machine's wheel folder, CI), else from PyTorch's CPU
index on Linux x86_64, where PyPI's wheel is the CUDA build. Checked with
`--dry-run` and a stand-in `pip` and `uname`, so nothing is installed or fetched."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO

FAKE_PIP = """#!/usr/bin/env bash
# stands in for pip: `pip install --dry-run ... --report -` prints $FAKE_REPORT
echo "$*" >> "$FAKE_LOG"
if [[ " $* " == *" --dry-run "* && " $* " == *" --report - "* ]]; then printf '%s' "$FAKE_REPORT"; fi
"""
FAKE_UNAME = """#!/usr/bin/env bash
case "$1" in -s) echo "$FAKE_OS" ;; -m) echo "$FAKE_ARCH" ;; *) echo "$FAKE_OS" ;; esac
"""


def report(version: str | None) -> str:
    """pip's --report JSON: what it would install (nothing when torch is installed)."""
    install = [] if version is None else [{"metadata": {"name": "torch", "version": version}}]
    return json.dumps({"version": "1", "install": install})


def run_install(tmp_path: Path, args: list[str], version: str | None = None, os_name="Linux", arch="x86_64"):
    """scripts/install ARGS with the stand-ins first on PATH (so even a script that
    ignored --dry-run could not install anything); returns the process and pip's calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, text in (("pip", FAKE_PIP), ("uname", FAKE_UNAME)):
        f = bin_dir / name
        f.write_text(text)
        f.chmod(f.stat().st_mode | stat.S_IXUSR)
    log = tmp_path / "pip.log"
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", VIRTUAL_ENV=str(tmp_path / "venv"),
               FAKE_REPORT=report(version), FAKE_LOG=str(log), FAKE_OS=os_name, FAKE_ARCH=arch,
               CMAKE_ARGS="-DGGML_NATIVE=OFF", XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.run(["bash", str(REPO / "scripts" / "install"), *args], env=env,
                          capture_output=True, text=True, timeout=120)
    calls = log.read_text().splitlines() if log.exists() else []
    return proc, calls


def dry_run(tmp_path: Path, version: str | None, os_name="Linux", arch="x86_64"):
    return run_install(tmp_path, ["--dry-run"], version, os_name, arch)


def torch_line(proc) -> str:
    return next((line for line in proc.stdout.splitlines() if line.startswith("torch:")), proc.stdout + proc.stderr)


def test_pypi_cuda_wheel_is_replaced_by_the_cpu_index_on_linux_x86_64(tmp_path):
    proc, calls = dry_run(tmp_path, "2.13.0")
    assert proc.returncode == 0, proc.stderr
    assert torch_line(proc) == ("torch: pip install torch==2.13.0+cpu "
                                "--extra-index-url https://download.pytorch.org/whl/cpu")
    # a dry run installs nothing: the only pip call is the probe
    assert all("--dry-run" in c for c in calls), calls


def test_a_local_cpu_wheel_is_used_without_any_other_index(tmp_path):
    proc, _ = dry_run(tmp_path, "2.13.0+cpu")
    assert proc.returncode == 0, proc.stderr
    assert torch_line(proc) == "torch: pip install torch==2.13.0"


def test_an_installed_torch_is_left_alone(tmp_path):
    proc, _ = dry_run(tmp_path, None)
    assert torch_line(proc) == "torch: torch==2.13.0 already installed"


@pytest.mark.parametrize("os_name, arch", [("Darwin", "arm64"), ("Linux", "aarch64")])
def test_other_platforms_take_the_pypi_wheel(tmp_path, os_name, arch):
    proc, _ = dry_run(tmp_path, "2.13.0", os_name, arch)
    assert torch_line(proc) == "torch: pip install torch==2.13.0"


def test_an_unknown_option_is_refused(tmp_path):
    proc, calls = run_install(tmp_path, ["--tset"])
    assert proc.returncode == 2
    assert "unknown option --tset" in proc.stderr
    assert calls == []
