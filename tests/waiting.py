"""Waiting for what another process or thread does, however long a busy machine takes: a test
waits until it has happened, never for a set time. HANG_S only ends a wait that would never end,
so that a hang fails its test instead of stalling the suite; it is far above any normal wait."""

from __future__ import annotations

import threading
import time

HANG_S = 300.0  # five minutes: what a test waits for takes seconds at most, on a loaded machine too


def until(predicate, what: str, seconds: float = HANG_S) -> None:
    """Return once predicate() holds; fail (naming `what`) if it still does not after `seconds`."""
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"{what}: not after {seconds:g} s"
        time.sleep(0.02)


def finishes(fn, *args, seconds: float = HANG_S):
    """fn(*args) in a thread, so that a hang fails the test instead of stalling it: its result,
    or its exception raised here."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append((True, fn(*args)))
        except BaseException as exc:  # handed to the test's thread
            outcome.append((False, exc))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"{getattr(fn, '__qualname__', fn)} still running after {seconds:g} s"
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


def answer_of(decider, ticket: int):
    """The answer to a ticket of the bots' worker process (game.bots.worker), once it has come."""
    polled: list = []

    def answered() -> bool:
        polled.append(decider.poll(ticket))
        return polled[-1] is not None
    until(answered, "the bot worker's answer")
    return polled[-1]

