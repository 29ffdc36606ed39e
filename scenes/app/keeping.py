"""Writes of the player's data that a scene hands over (settings, where a lesson was left): one
worker thread makes them in order, off the frame loop, so that no frame waits for the database
while another program (a backup or sync tool, the sqlite3 shell) holds it.

A write is made at once when the data is free (the usual case: nothing waits); one the data is
too busy for goes to the worker, which tries it again until it is made; one that failed otherwise
(a full disk) is said by its `done`. A job handed over with a key replaces the job of that key
not started yet (only the newest settings matter). The games in progress have their own worker
(scenes/table/saving.py)."""

from __future__ import annotations

import sys
import threading
from collections import deque
from typing import Callable

from game.storage import StoreError
from game.storage.store import Busy, Store

Done = Callable[[str | None], None]


class Keeper:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: deque[tuple[str | None, Callable[[], None], Done | None]] = deque()
        self._done: list[tuple[Done | None, str | None]] = []
        self._cond = threading.Condition()
        self._busy = False  # a job is being written
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.waited = False  # a write had to wait for the data since the last time it was free

    def keep(self, work: Callable[[], None], done: Done | None = None, key: str | None = None) -> None:
        """work() at once if the data is free and nothing waits before it (done() then too), else
        in the worker, done(None, or why it was not kept) later on the frame loop (poll())."""
        if not self.pending():
            try:
                with self.store.at_once():
                    work()
            except Busy:
                with self._cond:
                    self.waited = True
            except StoreError as exc:
                if done is not None:
                    done(exc.words)
                return
            else:
                if done is not None:
                    done(None)
                return
        with self._cond:
            if self._stopping:
                return
            for i, (other, _work, _done) in enumerate(self._jobs):
                if key is not None and other == key:
                    self._jobs[i] = (key, work, done)
                    break
            else:
                self._jobs.append((key, work, done))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="keeper", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self) -> bool:
        """Something handed over is not written yet."""
        with self._cond:
            return bool(self._jobs) or self._busy

    def poll(self) -> bool:
        """Each finished job's done() (the frame loop calls this); True once the data was let go
        after a write waited for it (everything handed over is written)."""
        with self._cond:
            finished, self._done = self._done, []
            freed = self.waited and not self._jobs and not self._busy
            if freed:
                self.waited = False
        for done, problem in finished:
            if done is not None:
                done(problem)
        return freed

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._jobs or self._stopping)
                if not self._jobs:
                    return
                key, work, done = self._jobs.popleft()
                self._busy = True
            problem = None
            try:
                work()
            except Busy as exc:
                problem = exc.words
                with self._cond:
                    self.waited = True
                    newer = key is not None and any(other == key for other, *_rest in self._jobs)
                    if not self._stopping:  # tried again (the newer one if any), until it is made
                        if not newer:
                            self._jobs.appendleft((key, work, done))
                        self._busy = False
                        continue
            except StoreError as exc:
                problem = exc.words
            except Exception as exc:  # noqa: BLE001 - a write must never take the window down
                problem = str(exc)
            with self._cond:
                self._busy = False
                self._done.append((done, problem))
                self._cond.notify_all()

    def close(self) -> None:
        """Write what is pending (each write waits as long as the store does), then stop; what
        could not be kept goes to stderr, one line each (the window has gone)."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join()
        with self._cond:
            finished, self._done = self._done, []
        for _done, problem in finished:
            if problem is not None:
                print(f"alice-assemble: {problem}", file=sys.stderr)
