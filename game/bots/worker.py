"""Bot decisions off the caller's thread, for an app that must keep drawing while a bot thinks.

Built-in bots run in one spawned worker process: a search that holds the CPU for a second would
otherwise hold the GIL and stall frames. External programs (cmd: seats) keep a live pipe in this
process, and only wait on it, so they run in a thread. A decision is identified by a ticket;
cancelling (undo, quit, Esc on a hint) forgets the ticket, and a late answer to it is dropped;
in the worker process, the search for it stops (or never starts), so a cancelled search holds up
nobody's next decision: the app writes the ticket into a small shared ring, and the worker's
watcher interrupts the job with that ticket (SIGINT to its own main thread, turned into Stopped).
"""

from __future__ import annotations

import _thread
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import Any, Callable

from ..core.i18n import N_
from . import parallel


def decide_once(game: str, seat: str, seed: int, think: float | None, view: Any, legal: list[Any],
                seats: list[str] | None = None, iterations: int | None = None,
                moves: list[tuple[int, Any, Any]] | None = None) -> Any:
    """Build a built-in bot and let it decide (runs in the worker process). `seats`: who plays
    each seat, as make_bot takes it; `iterations`: the work fixed instead of the think time;
    `moves`: the others' moves so far (moves_seen), for a bot that reads them."""
    from . import make_bot, tell
    bot = make_bot(seat, game, seed, think, iterations=iterations, seats=seats)
    return tell(bot, moves).decide(view, legal)


# a hint's reason where the level has no words of its own (whole phrases: the level word's place
# and form differ between languages)
BOTS_CHOICE = {"hard": N_("the hard bot's choice"), "normal": N_("the normal bot's choice"),
               "easy": N_("the easy bot's choice"), "random": N_("a random bot's choice")}


def suggest_once(game: str, seed: int, think: float | None, view: Any, legal: list[Any],
                 lang: str = "en", seats: list[str] | None = None,
                 iterations: int | None = None,
                 moves: list[tuple[int, Any, Any]] | None = None) -> Any:
    """The strongest built-in bot's suggestion for a human: a tuple (action, reason[, detail]), its
    words in `lang`: the worker is another process, with its own (English) language setting."""
    from . import seat_bot, tell
    from ..core.i18n import _, set_language
    from ..core.registry import bot_module
    set_language(lang)
    levels = bot_module(game).LEVELS
    for level in ("hard", "normal", "easy", "random"):
        if level in levels:
            bot = tell(seat_bot(levels[level](seed=seed, think=think, iterations=iterations),
                                seats), moves)
            if hasattr(bot, "suggest"):
                return bot.suggest(view, legal)
            return bot.decide(view, legal), _(BOTS_CHOICE[level])
    raise RuntimeError(f"no bots for {game}")


def _die_with_parent() -> None:
    """Worker initializer: exit as soon as the app is gone, even when it was killed (kill -9 gives
    it no chance to stop us, and an orphaned worker would then idle for ever; multiprocessing's
    resource tracker exits on its own once we are gone)."""
    parent = multiprocessing.parent_process()
    ppid = os.getppid()

    def wait() -> None:
        if parent is not None:
            parent.join()  # returns when the parent's sentinel pipe/handle closes: it died
            return
        while os.getppid() == ppid:
            time.sleep(0.5)

    def watch() -> None:
        wait()
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


RING = 64  # cancelled tickets the worker can see at once (more than are ever pending)
CANCELLED = "cancelled"  # what a stopped job answers (nobody reads it: its ticket is forgotten)
WATCH_S = 0.02  # how often the worker's watcher looks for its job's ticket among the cancelled


class Stopped(BaseException):
    """The job running in the worker was cancelled: raised in it by the watcher (a BaseException,
    so that no `except Exception` in a search swallows it)."""


# multiprocessing's shared ctypes array of tickets (untyped there)
Ring = Any
_ring: Ring = None  # in the worker: the app's cancelled tickets (shared memory, written by the app)
_running = 0  # in the worker: the ticket of the job running now (0: none)
_watching: threading.Event | None = None  # set: the watcher stops


def stopped(ticket: int) -> bool:
    return _ring is not None and ticket in _ring[:]


def _on_stop(signum: int, frame: FrameType | None) -> None:
    """SIGINT in the worker: stop the running job if its ticket was cancelled, else nothing (a
    Ctrl+C in the app's terminal stops the app, which takes the worker with it)."""
    if _running and stopped(_running):
        raise Stopped()


def watch(ring: Ring) -> threading.Event:
    """Stop the job running in this process (run_ticket) as soon as its ticket shows up in
    `ring`. Call in the main thread; set the returned event to stop watching."""
    global _ring, _watching
    _ring, done = ring, threading.Event()
    _watching = done
    signal.signal(signal.SIGINT, _on_stop)
    main = threading.main_thread().ident

    def look() -> None:
        told = 0
        while not done.wait(WATCH_S):
            ticket = _running
            if ticket and ticket != told and stopped(ticket):
                told = ticket
                if hasattr(signal, "pthread_kill") and main is not None:
                    signal.pthread_kill(main, signal.SIGINT)  # also wakes a wait on a helper
                else:
                    _thread.interrupt_main(signal.SIGINT)
    threading.Thread(target=look, name="cancel-watch", daemon=True).start()
    return done


def run_ticket(ticket: int, fn: Callable[..., Any], *args: Any) -> Any:
    """fn(*args) for `ticket`, or CANCELLED when the ticket is (or gets) cancelled first."""
    global _running
    try:
        _running = ticket
        try:
            if stopped(ticket):
                return CANCELLED
            return fn(*args)
        finally:
            _running = 0  # from here on no Stopped is raised (_on_stop looks at _running)
    except Stopped:
        return CANCELLED


def _start_worker(helpers: int, ring: Ring = None) -> None:
    """Worker initializer: die with the app; searches spread over `helpers` more processes; the
    job whose ticket the app cancels stops."""
    _die_with_parent()
    parallel.configure(helpers)
    if ring is not None:
        watch(ring)


def _pool(helpers: int, ring: Ring = None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(helpers, ring))


def _warm() -> bool:
    import game.bots  # noqa: F401  (load the engine once, so the first decision is quick)
    return True


class BackgroundDecider:
    # Tests set a number of iterations: every decision then does that fixed work, with no think
    # time (the same answer however busy the machine).
    iterations: int | None = None
    # Decide when asked, in this process (an unwatched demo; the tests): no process, no clock.
    at_once = False

    def __init__(self, helpers: int | None = None, at_once: int | None = None) -> None:
        """`helpers`: processes a timed search may spread over besides the worker (None: one
        per spare core, see game.bots.parallel). `at_once`: decide when asked, in this process,
        with that many iterations of search (a demo nobody watches: no think time to wait out)."""
        self.helpers = parallel.default_helpers() if helpers is None else helpers
        if at_once is not None:
            self.at_once, self.iterations = True, at_once
        self._process: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._pending: dict[int, Future[Any]] = {}
        self._next = 0
        # the tickets cancelled last, for the worker process to stop their jobs (shared memory)
        self._ring = multiprocessing.get_context("spawn").Array("q", RING, lock=False)
        self._cancels = 0

    def warm_up(self) -> None:
        """Start the worker process now rather than at the first bot turn."""
        self._submit_process(_warm)

    def decide(self, game: str, seat: str, seed: int, think: float | None, view: Any,
               legal: list[Any], seats: list[str] | None = None,
               moves: list[tuple[int, Any, Any]] | None = None) -> int:
        return self._submit_process(decide_once, game, seat, seed, self._think(think), view, legal,
                                    seats, self.iterations, moves)

    def suggest(self, game: str, seed: int, think: float | None, view: Any, legal: list[Any],
                lang: str | None = None, seats: list[str] | None = None,
                moves: list[tuple[int, Any, Any]] | None = None) -> int:
        from ..core.i18n import language
        return self._submit_process(suggest_once, game, seed, self._think(think), view, legal,
                                    lang or language(), seats, self.iterations, moves)

    def _think(self, think: float | None) -> float | None:
        return think if self.iterations is None else None

    def call(self, fn: Callable[..., Any], *args: Any) -> int:
        """Run fn(*args) in the thread (external bots: their pipe lives in this process)."""
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return self._track(self._thread.submit(fn, *args))

    def poll(self, ticket: int) -> tuple[str, Any] | None:
        """None while thinking; else ("ok", value) or ("error", exception). Forgets the ticket."""
        future = self._pending.get(ticket)
        if future is None or not future.done():
            return None
        del self._pending[ticket]
        try:
            return "ok", future.result()
        except BrokenProcessPool as exc:
            self._process = None  # a new one starts with the next request
            return "error", exc
        except Exception as exc:  # the bot's own failure: the caller decides what to do
            return "error", exc

    def busy(self, ticket: int | None) -> bool:
        return ticket is not None and ticket in self._pending

    def cancel(self, ticket: int | None) -> None:
        """Forget the ticket; its job in the worker process stops, or never starts."""
        # Forgotten, never Future.cancel(): Python 3.11's pool, when its worker is stopped
        # later, sets an exception on every pending future and fails on a cancelled one.
        if ticket is not None and self._pending.pop(ticket, None) is not None:
            self._ring[self._cancels % RING] = ticket
            self._cancels += 1

    def close(self) -> None:
        self._pending.clear()
        if self._process is not None:
            processes = list(getattr(self._process, "_processes", {}).values())
            self._process.shutdown(wait=False)  # no cancel_futures: see cancel()
            for proc in processes:  # a search may still be running: do not wait for it
                if proc.is_alive():
                    proc.terminate()
            self._process = None
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None

    def _submit_process(self, fn: Callable[..., Any], *args: Any) -> int:
        if self.at_once:
            future: Future[Any] = Future()
            try:
                future.set_result(fn(*args))
            except Exception as exc:  # handed back as the worker would
                future.set_exception(exc)
            return self._track(future)
        if self._process is None:
            self._process = _pool(self.helpers, self._ring)
        ticket = self._next + 1  # the one _track gives it
        try:
            future = self._process.submit(run_ticket, ticket, fn, *args)
        except BrokenProcessPool:
            self._process = _pool(self.helpers, self._ring)
            future = self._process.submit(run_ticket, ticket, fn, *args)
        return self._track(future)

    def _track(self, future: Future[Any]) -> int:
        self._next += 1
        self._pending[self._next] = future
        return self._next
