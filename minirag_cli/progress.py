"""A rich progress bar on stderr for long work (sync): files, chunks, phase,
and during LLM extraction the notes the model finished, tokens/s and an ETA."""

from __future__ import annotations

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


class RichProgress:
    def __init__(self, console: Console):
        self._bar = Progress(
            TextColumn("[bold]{task.fields[phase]}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("files · {task.fields[chunks]} chunks"), TimeElapsedColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        )
        self._task = None
        self._chunks = 0
        self._files = 0
        self._total = 0
        self._bar.start()

    def start(self, total_files: int) -> None:
        self._total, self._files = total_files, 0
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
        self._files += n_files
        if self._task is not None:
            self._bar.update(self._task, advance=n_files, chunks=self._chunks)

    def extracting(self, llm_notes: int, group_done: int, tokens: int, seconds: float) -> None:
        """LLM extraction: notes the model finished in this sync, notes of the
        group being extracted that are ready, tokens so far, seconds since
        the first model call."""
        text = f"LLM: {llm_notes} notes"
        if seconds > 0:
            text += f" · {tokens / seconds:.0f} tok/s"
        eta = llm_eta(self._total, self._files, group_done, llm_notes, seconds)
        if eta is not None:
            text += f" · ETA {_clock(eta)}"
        self.phase(text)

    def stop(self) -> None:
        self._bar.stop()
