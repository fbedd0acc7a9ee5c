"""How a sync shows its progress on stderr: a rich progress bar on a terminal
(files, chunks, phase, and during LLM extraction the notes the model
finished, tokens/s and an ETA), or, when stderr is a log file (cron,
systemd, `2> sync.log`), a plain line every LOG_SECONDS (LogProgress); the
same lines for `mrag eval` (EvalLog), whose terminal bar is format.eval_progress."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn


def llm_eta(total_files: int, files_done: int, group_done: int, llm_notes: int, seconds: float) -> float | None:
    """Seconds left for the model, from its pace so far: the files not yet
    seen, times the share of seen files that needed the model, times the
    seconds per such note. None until the model has finished a note."""
    if llm_notes <= 0 or seconds <= 0:
        return None
    seen = max(files_done + group_done, llm_notes)
    left = max(0, total_files - seen)
    return left * (llm_notes / seen) * (seconds / llm_notes)


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class _Counts:
    """What the sync has done so far, as both kinds of progress count it."""

    def __init__(self):
        self.total = self.files = self.chunks = 0
        self.phase = ""

    def llm_phase(self, llm_notes: int, group_done: int, tokens: int, seconds: float) -> str:
        """LLM extraction: notes the model finished in this sync, notes of the
        group being extracted that are ready, tokens so far, seconds since
        the first model call."""
        text = f"LLM: {llm_notes} notes"
        if seconds > 0:
            text += f" · {tokens / seconds:.0f} tok/s"
        eta = llm_eta(self.total, self.files, group_done, llm_notes, seconds)
        if eta is not None:
            text += f" · ETA {_clock(eta)}"
        return text


class LogLines:
    """Progress for a stderr that is no terminal (cron, systemd, `2> run.log`):
    a plain line (no colour, no cursor moves, no carriage returns) every
    LOG_SECONDS while the work runs, `10:02:31  WHAT  STATUS · 0:30 elapsed`,
    so the log of long work says that it is alive and how far it got. Work
    shorter than that adds no line. A thread writes the lines: one model call
    or embedding batch may take longer than the interval, and the log still
    shows where it is."""

    LOG_SECONDS = 30.0

    def __init__(self, write: Callable[[str], None], what: str, every: float | None = None):
        self._write, self._what = write, what
        self._every = self.LOG_SECONDS if every is None else every
        self._started = time.monotonic()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"mrag-{what}-log", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._done.wait(self._every):
            self._write(self.line())

    def status(self) -> tuple[str, str]:
        """What to say before the elapsed time, and after it ("" for nothing)."""
        raise NotImplementedError

    def line(self) -> str:
        before, after = self.status()
        return f"{datetime.now().strftime('%H:%M:%S')}  {self._what}  {before} · " \
               f"{_clock(time.monotonic() - self._started)} elapsed" + (f" · {after}" if after else "")

    def stop(self) -> None:
        """No line after this returns (the summary, or the interrupted message, comes next). Idempotent."""
        self._done.set()
        if self._thread is not threading.current_thread():
            self._thread.join()


class LogProgress(LogLines):
    """A sync's LogLines: `10:02:31  sync  127/442 files · 395 chunks · 0:30
    elapsed · embedding 128/200 texts` (the phase last)."""

    def __init__(self, write: Callable[[str], None], every: float | None = None):
        self._counts = _Counts()
        super().__init__(write, "sync", every)

    def status(self) -> tuple[str, str]:
        c = self._counts
        files = f"{c.files}/{c.total} files" if c.total else f"{c.files} files"
        return f"{files} · {c.chunks} chunks", c.phase

    def start(self, total_files: int) -> None:
        self._counts.total, self._counts.files = total_files, 0

    def phase(self, text: str) -> None:
        self._counts.phase = text

    def advance(self, n_files: int, n_chunks: int) -> None:
        self._counts.files += n_files
        self._counts.chunks += n_chunks

    def extracting(self, llm_notes: int, group_done: int, tokens: int, seconds: float) -> None:
        self._counts.phase = self._counts.llm_phase(llm_notes, group_done, tokens, seconds)


class EvalLog(LogLines):
    """`mrag eval`'s LogLines: `10:02:31  eval  57/211 searches · 1:30 elapsed`
    (a search per question and mode), then `answers` with --answers. Called
    as eval's tick."""

    def __init__(self, write: Callable[[str], None], every: float | None = None):
        self._done_n, self._total, self._doing = 0, 0, "searches"
        super().__init__(write, "eval", every)

    def __call__(self, done: int, total: int, doing: str = "searches") -> None:
        self._done_n, self._total, self._doing = done, total, doing

    def status(self) -> tuple[str, str]:
        if not self._total:  # the models load before the first search
            return "starting", ""
        return f"{self._done_n}/{self._total} {self._doing}", ""


class RichProgress:
    def __init__(self, console: Console):
        self._bar = Progress(
            TextColumn("[bold]{task.fields[phase]}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("files · {task.fields[chunks]} chunks"), TimeElapsedColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        )
        self._task = None
        self._counts = _Counts()
        self._bar.start()

    def start(self, total_files: int) -> None:
        self._counts.total, self._counts.files = total_files, 0
        if self._task is None:
            self._task = self._bar.add_task("sync", total=total_files, phase="scanning", chunks=0)
        else:
            self._bar.update(self._task, total=total_files, completed=0)

    def phase(self, text: str) -> None:
        if self._task is None:
            self._task = self._bar.add_task("sync", total=None, phase=text, chunks=0)
        self._bar.update(self._task, phase=text)

    def advance(self, n_files: int, n_chunks: int) -> None:
        self._counts.chunks += n_chunks
        self._counts.files += n_files
        if self._task is not None:
            self._bar.update(self._task, advance=n_files, chunks=self._counts.chunks)

    def extracting(self, llm_notes: int, group_done: int, tokens: int, seconds: float) -> None:
        self.phase(self._counts.llm_phase(llm_notes, group_done, tokens, seconds))

    def stop(self) -> None:
        self._bar.stop()
