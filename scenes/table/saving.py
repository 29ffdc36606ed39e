"""The save service: the game in progress goes to disk off the frame loop.

A table hands over a record after every accepted command; one worker thread writes it (atomically:
records.write_record writes a temp file, fsyncs and renames, so a kill at any moment leaves the
old save or the new one, never half of one). Saves the worker has not started yet are replaced by
the newest: only the latest position matters. Finishing a game goes through the same queue, after
every pending save: the record is archived first and the autosave cleared only once the archive is
written. A service made with `enabled=False` (demo, tutorial, replay) never touches a file.
"""

from __future__ import annotations

import threading
from collections import deque

from game import saves
from game.i18n import N_
from game.messages import message

SAVE, FINISH = "save", "finish"


class SaveService:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._jobs: deque[tuple[str, dict]] = deque()
        self._busy = False
        self._cond = threading.Condition()
        self._messages: list[str] = []
        self._told: set[str] = set()  # a full disk is said once, not after every move
        self._thread: threading.Thread | None = None
        self._stopping = False
        self.writes = 0  # saves and finishes done (tests and the benchmark read it)

    def save(self, record: dict) -> None:
        self._put(SAVE, record)

    def finish(self, record: dict) -> None:
        self._put(FINISH, record)

    def _put(self, kind: str, record: dict) -> None:
        if not self.enabled:
            return
        with self._cond:
            if self._stopping:
                return
            if kind == SAVE and self._jobs and self._jobs[-1][0] == SAVE:
                self._jobs[-1] = (kind, record)  # not started: the newer position replaces it
            else:
                self._jobs.append((kind, record))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._stopping:
                    self._cond.wait()
                if not self._jobs:
                    return
                kind, record = self._jobs.popleft()
                self._busy = True
            try:
                problem = saves.save_game(record) if kind == SAVE else saves.finish_game(record)
            except Exception as exc:  # noqa: BLE001 - a save must never take the game down
                problem = message(N_("Could not save the game: {error}"), error=str(exc))
            with self._cond:
                self._busy = False
                self.writes += 1
                if problem and problem not in self._told:
                    self._told.add(problem)
                    self._messages.append(problem)
                self._cond.notify_all()

    def messages(self) -> list[str]:
        """Problems since the last call (each told once), for the table to show."""
        with self._cond:
            found, self._messages = self._messages, []
        return found

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything handed over is on disk; False if the time ran out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self) -> None:
        """Write what is pending, then stop the worker (the table is going away)."""
        self.flush()
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join()
