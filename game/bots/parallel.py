"""Root-parallel search: one decision's search spread over helper processes, each growing its own
tree on its own guesses of the hidden cards, their root statistics summed by the caller.

Python runs one thread at a time, so more cores need more processes. Off (0 helpers) unless
configured: the app's bot worker turns it on for the cores it finds, `python -m game.tools.ladder
--helpers N` for a measurement; tests and the fixed-iteration searches stay in one process, which
keeps them reproducible. A helper that fails or answers late is left out of the sum: the caller's
own search always counts, so a decision never waits on, or fails with, a helper.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

MAX_HELPERS = 3  # beyond four processes the gain per core is small and each holds its own memos
GIVE_UP = 3  # helper sets broken in a row before this process searches alone for good

_helpers = 0
_broken = 0  # helper sets broken in a row (a helper that cannot start breaks every new one)
_team: list[_Helper] = []


def default_helpers() -> int:
    """One helper per core beyond the caller's own, at most MAX_HELPERS."""
    return max(0, min(MAX_HELPERS, (os.cpu_count() or 1) - 1))


def configure(helpers: int) -> None:
    """Use `helpers` helper processes from now on (0: search in this process only)."""
    global _helpers, _broken
    helpers = max(0, min(MAX_HELPERS, int(helpers)))
    if helpers != _helpers:
        close()
    _helpers, _broken = helpers, 0


def helpers() -> int:
    return _helpers


def _serve(conn: Connection) -> None:
    """A helper: run each job it is sent, answer ("ok", result) or ("error", text), until the
    pipe closes or its parent dies."""
    from .worker import _die_with_parent
    _die_with_parent()
    while True:
        try:
            part, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("ok", part(*args))
        except Exception as exc:  # noqa: BLE001  (reported; the caller leaves this share out)
            answer = ("error", repr(exc))
        conn.send(answer)


class _Helper:
    """One helper process and its pipe (a pipe, not a queue: no named semaphores, so nothing is
    left for the resource tracker when the process holding it is killed)."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()
        self.owed = 0  # answers still to come (a late one is read and dropped before a new job)

    def ready(self) -> bool:
        """Free for a job: every answer owed has come (and been dropped)."""
        while self.owed and self.conn.poll(0):
            self.conn.recv()
            self.owed -= 1
        return not self.owed

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.terminate()


def _start() -> list[_Helper]:
    while len(_team) < _helpers:
        _team.append(_Helper())  # one at a time: close() stops those started if one fails
    return _team


def _break() -> None:
    """A helper died or could not start: new ones next time, none after GIVE_UP in a row."""
    global _helpers, _broken
    close()
    _broken += 1
    if _broken >= GIVE_UP:
        _helpers = 0


def close() -> None:
    """Stop the helpers (a search still running in one is not waited for)."""
    team = list(_team)
    _team.clear()
    for helper in team:
        helper.stop()


def spread(part: Callable[..., Any], jobs: list[tuple[Any, ...]], local: Callable[[], object],
           timeout: float) -> list[Any]:
    """part(*job) for each job in the helpers while local() runs here: [local()'s result] and
    then every helper's that came back within `timeout` seconds of local() finishing. A helper
    that raised, died or is late is left out (dead helpers are replaced at the next call, up to
    GIVE_UP times in a row; a late one gets no new job until its answer is in)."""
    global _broken
    sent: list[_Helper] = []
    broken = False
    try:
        team = _start() if jobs else []
        for helper, job in zip(team, jobs):
            if helper.ready():
                helper.owed += 1  # first: a search stopped between the two (worker.Stopped)
                helper.conn.send((part, job))  # leaves the helper owed, never out of step
                sent.append(helper)
    except Exception:  # noqa: BLE001  (cannot start one, or a dead pipe: the search goes on here)
        broken = True
    results = [local()]
    deadline = time.monotonic() + timeout
    for helper in sent:
        try:
            if not helper.conn.poll(max(0.0, deadline - time.monotonic())):
                continue  # late: its answer is dropped when it comes
            kind, answer = helper.conn.recv()
        except Exception:  # noqa: BLE001  (died, or sent what cannot be read)
            broken = True
            continue
        helper.owed -= 1
        if kind == "ok":
            results.append(answer)
            _broken = 0
    if broken:
        _break()
    return results
