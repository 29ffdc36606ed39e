"""The save service: the game in progress goes to the store (game.storage) off the frame loop.

A table hands over a record after every accepted command; one worker thread writes it. What the
worker gets is a Snapshot made as it is handed over, on the frame thread (game.core.records): it never
reads the live session, whose players' list the bots' code may change meanwhile. Saves the
worker has not started yet are replaced by the newest: only the latest position matters. The
first save makes the game's row (held by this window); finishing turns that row into a finished
game in one commit; Restart drops it. Between moves the worker beats the game's lease, so another
window sees it open here; closing lets it go.

What the service says is true: `saved` is whether the latest position handed over is in the store,
`problem` why not (a full disk, a read-only folder, another window that took the game over). A
failed write is tried again with the next position and when the game is left. A service made
with no store (demo, lesson, replay) never writes.

Another program holding the data's write lock (a backup or sync tool) is waited out, never given
up on: the write is tried again until the data is free. Leaving the game then does not wait on
the frame loop: the worker goes on in the background, lets the game go once it is kept, and the
window waits for it only when it closes (wait_for_saves).
"""

from __future__ import annotations

import threading
import weakref
from collections import deque
from typing import TYPE_CHECKING, Any, Callable

from game.core.i18n import N_
from game.core.records import Snapshot
from game.core.messages import message
from game.storage import HeldElsewhere, StoreError
from game.storage.store import BEAT_S, Busy

if TYPE_CHECKING:
    from game.storage import Store

SAVE, FINISH, DROP, BEAT = "save", "finish", "drop", "beat"
RETRY_S = 0.5  # how often a write waiting for another program's lock is tried again
_WAITING = message(N_("Not saved yet: another program is holding your data. The game is kept as "
                      "soon as it lets go."))
_LIVE: "weakref.WeakSet[SaveService]" = weakref.WeakSet()  # services whose worker may still write
_MADE: "weakref.WeakSet[SaveService]" = weakref.WeakSet()  # every service (close_all, for tests)


QUIT_WAIT_S = 120.0  # at the end, a game's last write waits this long for another program


def close_all() -> None:
    """Every service not yet closed, closed (a test's end: no worker of one test beats its lease
    while the next one runs)."""
    for service in list(_MADE):
        if not service._stopping:
            service.close()


def wait_for_saves(say: Callable[[], None]) -> None:
    """Before the process ends: every write handed over is made (a left game whose save waits for
    another program's lock); `say()` once if that means waiting (at most QUIT_WAIT_S: a program
    that never lets go does not keep the app from ending)."""
    told = False
    for service in list(_LIVE):
        thread = service._thread
        if thread is not None and thread.is_alive():
            if not told:
                say()
                told = True
            thread.join(QUIT_WAIT_S)


class SaveService:
    def __init__(self, store: Store | None = None, game_id: int | None = None) -> None:
        self.store = store
        self.enabled = store is not None  # (no store: nothing is ever handed to the worker)
        self.game_id = game_id  # the game's row once the first save made it (or resumed)
        self._jobs: deque[tuple[str, Snapshot | None]] = deque()
        self._busy = False
        self._cond = threading.Condition()
        self._messages: list[str] = []
        self._told: set[str] = set()  # a full disk is said once, not after every move
        self._thread: threading.Thread | None = None
        self._stopping = False
        self.lost = False  # another window took the game over: nothing more is written here
        self.ended = False  # finished or dropped: the row is no longer this window's
        self.saved = True  # the latest position handed over is in the store
        self.problem: str | None = None  # why it is not, as the toast said it
        self.reason: str | None = None  # the same in a few words ("the disk is full")
        self.writes = 0  # saves and finishes done (tests and the benchmark read it)
        self._finished: Snapshot | None = None  # the finished game's record, until it is kept
        self._let_go_later = False  # closed while another program held the data (see close)
        _MADE.add(self)

    # --- handing over ------------------------------------------------------------------------

    def save(self, record: dict[str, Any]) -> None:
        """Hand over the position: its snapshot is made now, on the caller's thread."""
        if self.enabled:
            self._put(SAVE, Snapshot.of(record))

    def finish(self, record: dict[str, Any]) -> None:
        if not self.enabled:
            return
        snapshot = Snapshot.of(record)
        self._finished = snapshot
        self._put(FINISH, snapshot)

    def retry_finish(self) -> None:
        """Offer the finished game to the store again (its first try failed)."""
        with self._cond:
            record = self._finished
        if record is not None:
            self._put(FINISH, record)

    def drop(self) -> None:
        """Forget this game (Restart): its row goes, after the pending saves."""
        self._put(DROP, None)

    def _put(self, kind: str, record: Snapshot | None) -> None:
        if not self.enabled:
            return
        with self._cond:
            if self._stopping or self.ended:
                return
            self.saved = False
            if kind == SAVE and self._jobs and self._jobs[-1][0] == SAVE:
                self._jobs[-1] = (kind, record)  # not started: the newer position replaces it
            else:
                self._jobs.append((kind, record))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    # --- the worker ----------------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            with self._cond:
                if not self._jobs and not self._stopping:
                    self._cond.wait(BEAT_S)
                if not self._jobs:
                    if self._stopping:
                        if self._let_go_later:  # closed while the data was held: written now
                            self._let_go()
                        return
                    beat = self.game_id is not None and not self.lost and not self.ended
                    kind, record = (BEAT, None) if beat else ("", None)
                else:
                    kind, record = self._jobs.popleft()
                    self._busy = True
            if not kind:
                continue
            problem = self._do(kind, record)
            if problem is _WAITING:  # another program holds the data: the same write again soon
                with self._cond:
                    self._busy = False
                    if kind != BEAT and not (kind == SAVE and self._jobs and self._jobs[0][0] == SAVE):
                        self._jobs.appendleft((kind, record))  # (unless a newer position waits)
                    self.saved = False
                    self.problem = problem
                    if problem not in self._told:
                        self._told.add(problem)
                        self._messages.append(problem)
                    self._cond.notify_all()
                    self._cond.wait(RETRY_S)
                continue
            with self._cond:
                self._busy = False
                if kind != BEAT:
                    self.writes += 1
                    self.saved = problem is None and not self._jobs
                    self.problem = problem
                if problem and problem not in self._told:
                    self._told.add(problem)
                    self._messages.append(problem)
                self._cond.notify_all()

    def _do(self, kind: str, snapshot: Snapshot | None) -> str | None:
        store = self.store
        assert store is not None  # (only a service with a store hands the worker a job: _put)
        try:
            record = snapshot.record() if snapshot is not None else None
            if self.lost and kind != FINISH:
                return self.problem  # the other window keeps it; a finish here is still kept
            if kind == BEAT:
                assert self.game_id is not None  # (a game with a row beats: _work)
                if not store.games.beat(self.game_id):
                    raise HeldElsewhere(message(N_("this game is now open in another window, "
                                                   "which keeps it from here on")))
            elif kind == SAVE:
                assert record is not None  # (a save and a finish carry their position)
                if self.game_id is None:
                    self.game_id = store.games.new(record)
                else:
                    store.games.save(self.game_id, record)
            elif kind == FINISH:
                assert record is not None
                self.game_id = store.games.finish(None if self.lost else self.game_id, record)
                self.ended = True
                self._finished = None
            elif kind == DROP:
                if self.game_id is not None:
                    store.games.drop(self.game_id)
                self.ended = True
        except Busy as exc:
            self.reason = getattr(exc.words, "fields", {}).get("reason") or exc.words
            return _WAITING
        except HeldElsewhere as exc:
            self.lost = True
            self.reason = exc.words
            return message(N_("Not saved here: {reason}."), reason=exc.words)
        except StoreError as exc:
            self.reason = getattr(exc.words, "fields", {}).get("reason") or exc.words
            if kind == FINISH:
                return message(N_("{problem}. The game is not kept: export it from the menu "
                                  "before you leave."), problem=exc.words)
            return message(N_("{problem}. It is tried again at the next move; export the game "
                              "from the menu to keep it in a file."), problem=exc.words)
        except Exception as exc:  # noqa: BLE001 - a save must never take the game down
            self.reason = str(exc)
            return message(N_("Could not save the game: {error}"), error=str(exc))
        self.reason = None
        return None

    # --- reading -------------------------------------------------------------------------------

    def messages(self) -> list[str]:
        """Problems since the last call (each told once), for the table to show."""
        with self._cond:
            found, self._messages = self._messages, []
        return found

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything handed over is written (or has failed); False if the time ran
        out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self) -> None:
        """Write what is pending, let the game go (another window may open it now), stop. While
        another program holds the data the frame loop does not wait: the worker writes it once
        the data is free, then lets the game go (wait_for_saves waits for it at the end)."""
        with self._cond:
            while not (not self._jobs and not self._busy) and not self.waiting():
                self._cond.wait(0.05)  # (the store's flag of a held lock is set without a word)
            later = self.waiting() and self._thread is not None
            self._stopping = True
            self._let_go_later = later
            self._cond.notify_all()
        if later:
            _LIVE.add(self)
            return
        if self._thread is not None:
            self._thread.join()
        self._let_go()

    def waiting(self) -> bool:
        """A write waits for another program to let go of the data."""
        return self.problem is _WAITING or (self.store is not None and bool(self.store.held))

    def _let_go(self) -> None:
        if self.store is not None and self.game_id is not None and not self.ended and not self.lost:
            try:
                self.store.games.release(self.game_id)
            except StoreError:
                pass  # its heartbeat stops: the lease runs out by itself
