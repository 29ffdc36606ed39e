"""A review off the app's frame loop: in a spawned process of its own (a review holds the CPU
for seconds; in a thread it would hold the GIL and stall frames), with its progress and a
cancel flag in a little shared memory. Cancelling asks the review to stop at its next decision
and ends the process at once; the app never waits for it."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import ctypes

    Slots = ctypes.Array[ctypes.c_longlong]  # DONE, TOTAL, STOP

DONE, TOTAL, STOP = 0, 1, 2  # the shared slots

_shared: Slots | None = None  # in the review's process


def _start(shared: Slots) -> None:
    global _shared
    from ..bots.worker import _die_with_parent
    _die_with_parent()
    _shared = shared
    if hasattr(os, "nice"):  # the window's frames come first: the review takes what is left
        try:
            os.nice(10)
        except OSError:
            pass


def _progress(done: int, total: int) -> None:
    assert _shared is not None
    _shared[TOTAL], _shared[DONE] = total, done


def _run(record: dict[str, Any], seat: int, iterations: int | None) -> dict[str, Any]:
    from . import review
    result = review(record, seat, iterations=iterations, progress=_progress,
                    cancelled=lambda: bool(_shared is not None and _shared[STOP]))
    return result.to_json()


# how a review ended: its JSON (Review.to_json), or what it raised
Answer = tuple[Literal["ok"], dict[str, Any]] | tuple[Literal["error"], Exception]


class BackgroundReview:
    """One review running in its own process: progress(), poll(), cancel()."""

    def __init__(self, record: dict[str, Any], seat: int, iterations: int | None = None) -> None:
        context = multiprocessing.get_context("spawn")
        self._shared: Slots = context.Array("q", 3, lock=False)
        self._pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=1, mp_context=context, initializer=_start, initargs=(self._shared,))
        self._future: Future[dict[str, Any]] | None = self._pool.submit(
            _run, record, seat, iterations)

    def progress(self) -> tuple[int, int]:
        """(decisions judged, decisions to judge); the total is 0 until the replay is done."""
        return int(self._shared[DONE]), int(self._shared[TOTAL])

    def fraction(self) -> float:
        done, total = self.progress()
        return done / total if total else 0.0

    def poll(self) -> Answer | None:
        """None while it runs; else ("ok", the review's JSON) or ("error", the exception)."""
        if self._future is None or not self._future.done():
            return None
        future, self._future = self._future, None
        answer: Answer
        try:
            answer = ("ok", future.result())
        except Exception as exc:  # noqa: BLE001 - the caller says it in one line
            answer = ("error", exc)
        self.close()
        return answer

    @property
    def running(self) -> bool:
        return self._future is not None

    def cancel(self) -> None:
        self._shared[STOP] = 1
        self._future = None
        self.close()

    def close(self) -> None:
        if self._pool is None:
            return
        processes = list(getattr(self._pool, "_processes", {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        self._pool = None
