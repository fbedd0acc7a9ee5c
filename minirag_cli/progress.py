"""A rich progress bar on stderr for long work (sync): files, chunks, phase."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
    TimeRemainingColumn


class RichProgress:
    def __init__(self, console: Console):
        self._bar = Progress(
            TextColumn("[bold]{task.fields[phase]}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("files · {task.fields[chunks]} chunks"), TimeElapsedColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        )
        self._task = None
        self._chunks = 0
        self._bar.start()

    def start(self, total_files: int) -> None:
        if self._task is None:
            self._task = self._bar.add_task("sync", total=total_files, phase="scanning", chunks=0)
        else:
            self._bar.update(self._task, total=total_files, completed=0)

    def phase(self, text: str) -> None:
        if self._task is None:
            self._task = self._bar.add_task("sync", total=None, phase=text, chunks=0)
        self._bar.update(self._task, phase=text)

    def advance(self, n_files: int, n_chunks: int) -> None:
        self._chunks += n_chunks
        if self._task is not None:
            self._bar.update(self._task, advance=n_files, chunks=self._chunks)

    def stop(self) -> None:
        self._bar.stop()
