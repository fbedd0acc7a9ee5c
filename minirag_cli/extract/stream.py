"""The model answering a whole sync's windows as one stream, in a thread.

During an LLM sync the model is the slow part. Called group by group, it
waited while each group was embedded and written, and the last windows of
each group decoded with few companions in the batch (BENCHMARKS.md, "Full
LiHua LLM sync": the machine 11 % idle). `AnswerStream` runs one
`extractor.run(windows, stop)` over every window of the sync that the cache
does not hold, in a background thread, so the batcher never drains between
groups; the caller (sync.py, in its own thread) takes the answers from a
queue as they come and does everything else: the SQLite connection, the
extraction cache and the progress bar stay in the caller's thread.

This module owns only the thread: starting it, handing answers and the
model's exception over (after the answers the model finished before it),
and stopping it. `close` sets `stop` (the extractor's workers end after
their current decode call), joins the thread and returns the answers nobody
took, so no thread outlives the sync and an interrupted sync can still
write what the model finished.
"""

from __future__ import annotations

import queue
import threading
from typing import Sequence

from minirag_cli.extract.base import EntityMention

_END = object()  # the producer's last item, whatever happened


class _Failed:
    """The exception that ended the producer, carried to the caller's thread."""

    def __init__(self, exc: BaseException):
        self.exc = exc


class AnswerStream:
    """`extractor.run(windows, stop)` in a background thread; `get` and
    `ready` hand back (window, names) in the order the model finishes."""

    def __init__(self, extractor, windows: Sequence):
        self.windows = list(windows)
        self._extractor = extractor
        self._queue: queue.Queue = queue.Queue()  # unbounded: the producer never waits for the caller
        self._stop = threading.Event()
        self.finished = False  # the producer has ended and everything it sent was taken
        self.failure: BaseException | None = None  # what ended the producer, if anything did
        self._raised = False
        self._thread = threading.Thread(target=self._produce, name="mrag-llm-stream", daemon=True)
        self._thread.start()

    def _produce(self) -> None:
        try:
            answers = self._extractor.run(self.windows, stop=self._stop)
            try:
                for i, mentions, _record in answers:
                    self._queue.put((self.windows[i], mentions))
                    if self._stop.is_set():
                        break
            finally:
                close = getattr(answers, "close", None)
                if close is not None:
                    close()  # the extractor's workers stop and are joined in this thread
        except BaseException as exc:  # noqa: BLE001  (raised again in the caller's thread)
            self._queue.put(_Failed(exc))
        finally:
            self._queue.put(_END)

    def _take(self, item):
        """An answer, or None for the end (the thread is joined) and for the
        model's exception (kept in `failure`, raised by `check`)."""
        if item is _END:
            self.finished = True
            self._thread.join()
            return None
        if isinstance(item, _Failed):
            self.failure = item.exc
            return None
        return item

    def check(self) -> None:
        """Raise the exception that stopped the model, once."""
        if self.failure is not None and not self._raised:
            self._raised = True
            raise self.failure

    def get(self, timeout: float) -> tuple[object, list[EntityMention]] | None:
        """The next answer, waiting at most `timeout` seconds; None when none
        came or the stream has ended. Raises the exception that stopped the
        model (it comes after every answer the model finished before it)."""
        self.check()
        if self.finished:
            return None
        try:
            item = self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
        got = self._take(item)
        self.check()
        return got

    def ready(self) -> list[tuple[object, list[EntityMention]]]:
        """The answers that have arrived, without waiting. The model's
        exception is raised by the next call, after these are written."""
        self.check()
        out = []
        while not self.finished and self.failure is None:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            got = self._take(item)
            if got is not None:
                out.append(got)
        return out

    def close(self) -> list[tuple[object, list[EntityMention]]]:
        """Stop the model and wait for the thread; the answers it finished
        that were not taken (then `check` raises the model's exception if
        nobody has seen it yet)."""
        self._stop.set()
        self._thread.join()
        out = []
        while not self.finished:
            got = self._take(self._queue.get())  # the thread has ended: _END is in the queue
            if got is not None:
                out.append(got)
        return out
