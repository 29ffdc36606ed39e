"""Issue 41 item 12: a hint searches for a bounded time on the search's own clock, shows its
progress while it thinks, and Esc stops it (in the worker too) with nothing else changed."""

import signal
from concurrent.futures import Future

import pygame
import pytest

from game.assemble.search import OwnMoveTree
from game.assemble.setup import Rules
from game.bots import worker
from game.bots.worker import CANCELLED, BackgroundDecider, run_ticket, suggest_once
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.table.bots import HINT_THINK
from ui_helpers import answer, frames, key, settle, spy_texts
from waiting import HANG_S, until


def thinking_for_ever(monkeypatch) -> list:
    """The worker never answers: every job asked of it, as (fn, args)."""
    asked: list = []

    def submit(self, fn, *args):
        asked.append((fn, args))
        return self._track(Future())
    monkeypatch.setattr(BackgroundDecider, "_submit_process", submit)
    return asked


def table_for(app, seats=("human", "easy")):
    config = GameConfig([Seat(name, kind, i) for i, (name, kind) in enumerate(zip(("Ada", "Bo"), seats))],
                        Rules(), 9)
    table = TableScene(app, config)
    app.stack.push(table)
    frames(app, 2)
    settle(app, table)
    return table


def test_esc_stops_looking_for_the_hint_and_changes_nothing(app, monkeypatch):
    thinking_for_ever(monkeypatch)
    table = table_for(app)
    stopped: list = []
    cancel = table.hints.turns.decider.cancel
    monkeypatch.setattr(table.hints.turns.decider, "cancel", lambda t: (stopped.append(t), cancel(t)))
    before, actions, log = table.state.clone(), len(table.session.history.actions), list(table.log)
    key(app, pygame.K_h)
    ticket = table.hints.turns.hint_ticket
    assert table.hints.turns.hint_pending and ticket is not None
    drawn = spy_texts(monkeypatch)
    frames(app, 5, 0.1)
    words = [string for string, _rect in drawn]
    assert "Looking for a hint\u2026" in words and "Esc cancels" in words  # the progress, drawn
    assert table.hints.box is not None and table.toast_area().contains(table.hints.box)
    key(app, pygame.K_ESCAPE)
    assert stopped == [ticket]  # the worker is told to stop that search
    assert not table.hints.turns.hint_pending and table.hints.turns.hint is None
    assert app.stack.top is table  # Esc stopped the hint, it opened no menu
    frames(app, 3)
    assert table.hints.box is None
    assert table.state == before and len(table.session.history.actions) == actions
    assert [line for line in table.log if line not in log] == []
    assert table.hints.can_hint()  # asking again works
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not table  # and Esc is the menu's again


def test_the_progress_fills_by_the_game_clock(app, monkeypatch):
    thinking_for_ever(monkeypatch)
    table = table_for(app)
    key(app, pygame.K_h)
    first = table.hints.turns.hint_progress()
    app.step(0.5)
    later = table.hints.turns.hint_progress()
    assert 0 <= first < later < 1
    for _ in range(40):
        app.step(0.1)
    assert table.hints.turns.hint_progress() == 1.0  # full, still looking (until Esc or the answer)


@pytest.mark.parametrize("think, budget", [(10.0, HINT_THINK), (0.8, 0.8)])
def test_the_hint_search_is_given_its_time_budget(app, monkeypatch, think, budget):
    assert HINT_THINK <= 2.0
    asked = thinking_for_ever(monkeypatch)
    monkeypatch.setattr(BackgroundDecider, "iterations", None)  # timed, as in the app
    app.settings["think"] = think
    table = table_for(app)
    key(app, pygame.K_h)
    fn, args = asked[-1]
    assert fn is suggest_once and args[2] == budget  # (game, seed, think, ...)
    # ... and the hard bot's search gets it as its own clock's limit
    seen: list = []
    monkeypatch.setattr(OwnMoveTree, "run", lambda self, view, cands, iterations=None, think=1.0, budget=None,
                        models=None: (seen.append((iterations, think)), ([1.0] * len(cands), [1] * len(cands)))[1])
    state = table.state
    action, _reason, *_ = suggest_once(*args[:3], state.view(state.current_player()), state.legal_actions())
    assert action in state.legal_actions()
    assert seen == [(None, budget)]


def test_a_cancelled_ticket_stops_its_job_in_the_worker():
    """run_ticket as the worker runs it, in this process: a job whose ticket is cancelled while
    it runs stops (counted in loops, not seconds); one cancelled before it starts never runs."""
    ring = worker.multiprocessing.get_context("spawn").Array("q", worker.RING, lock=False)
    old = signal.getsignal(signal.SIGINT)
    done = worker.watch(ring)
    try:
        loops = []

        def search():
            n = 0
            while n < 10 ** 9:  # minutes of work, were it not stopped
                n += 1
                if n == 1000:
                    ring[0] = 7  # the app cancels ticket 7 (its Esc)
                if n % 1000 == 0:
                    loops.append(n)
            return "a hint"
        assert run_ticket(7, search) == CANCELLED
        assert 1000 <= loops[-1] < 10 ** 9
        ran = []
        assert run_ticket(7, ran.append, 1) == CANCELLED and ran == []  # never started
        assert run_ticket(8, lambda: "answer") == "answer"  # other tickets run as ever
    finally:
        done.set()
        signal.signal(signal.SIGINT, old)
        worker._ring = None


def long_search(path):
    """A job that says it has started, then works for minutes unless it is stopped."""
    open(path, "w").close()
    n = 0
    while n < 10 ** 10:
        n += 1
    return n


@pytest.mark.worker
def test_the_real_worker_stops_a_cancelled_search_and_takes_the_next(tmp_path):
    """A search cancelled while it runs in the worker process answers CANCELLED, not its result;
    one cancelled before it starts never runs; the worker then takes the next decision."""
    from game.assemble.record import new_session
    state = new_session(3, [{"name": "A", "seat": "human"}, {"name": "B", "seat": "human"}]).state
    decider = BackgroundDecider(helpers=0)
    try:
        flag = tmp_path / "started"
        ticket = decider._submit_process(long_search, str(flag))
        future = decider._pending[ticket]
        queued = decider.suggest("assemble", 1, 60.0, state.view(0), state.legal_actions())
        behind = decider._pending[queued]
        until(flag.exists, "the long search started")
        decider.cancel(queued)  # waiting behind it: never runs
        decider.cancel(ticket)
        assert future.result(timeout=HANG_S) == CANCELLED
        assert behind.result(timeout=HANG_S) == CANCELLED
        nxt = decider.decide("assemble", "easy", 1, 0.1, state.view(0), state.legal_actions())
        assert decider._pending[nxt].result(timeout=HANG_S) in state.legal_actions()
    finally:
        decider.close()


def test_grayblock_and_cementopia_hints_show_progress_and_esc_stops_them(app, monkeypatch):
    """The same path at the other tables: the progress panel, and Esc stops only the hint."""
    from scenes.cementopia.table import CementopiaScene
    from scenes.grayblock.table import GrayblockScene
    from game.grayblock.setup import Rules as GrayRules
    thinking_for_ever(monkeypatch)
    tables = [lambda: GrayblockScene(app, GameConfig([Seat("Ada", "human", 0), Seat("Bo", "easy", 1)],
                                                     GrayRules(), 7, "grayblock", 100)),
              lambda: CementopiaScene(app, GameConfig([Seat("Ada")], None, 9, "cementopia"))]
    for make in tables:
        scene = make()
        app.stack.push(scene)
        frames(app, 2)
        for _ in range(300):  # till the human may ask (Grayblock: the bot may lead)
            if scene.hints.can_hint():
                break
            frames(app, 1, 0.1)
        before, actions = scene.state.clone(), len(scene.session.history.actions)
        key(app, pygame.K_h)
        answer(app)  # Cementopia asks first: a hint marks the attempt assisted
        assert scene.hints.turns.hint_pending
        frames(app, 3, 0.1)
        assert scene.hints.box is not None
        key(app, pygame.K_ESCAPE)
        assert not scene.hints.turns.hint_pending and app.stack.top is scene
        frames(app, 2)
        assert scene.hints.box is None
        assert scene.state == before and len(scene.session.history.actions) == actions
        app.stack.pop()
