"""Root-parallel search (game.bots.parallel): a timed hard decision spread over helper processes."""

import math
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.assemble import AssembleState
from game.assemble.bots import HardBot
from game.assemble.oracle import OracleBot
from game.bots import parallel
from game.bots.worker import BackgroundDecider

from test_bot_processes import wait_gone
from waiting import HANG_S, answer_of, finishes, until


@pytest.fixture
def helper():
    parallel.configure(1)
    yield
    parallel.configure(0)


def decision(seed: int = 4):
    state = AssembleState.new(seed, 4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    return state


def test_helpers_answers_are_kept_and_a_failing_helper_costs_only_its_share(helper):
    assert parallel.spread(pow, [(2, 10)], lambda: "here", timeout=HANG_S) == ["here", 1024]
    # a helper that raises, or dies in the middle: the caller's own result stands
    assert parallel.spread(math.sqrt, [(-1,)], lambda: "here", timeout=HANG_S) == ["here"]
    assert parallel.spread(os._exit, [(3,)], lambda: "here", timeout=HANG_S) == ["here"]
    # a dead helper is replaced at the next call
    assert parallel.spread(pow, [(3, 2)], lambda: "again", timeout=HANG_S) == ["again", 9]


def test_helpers_that_keep_dying_are_given_up_and_the_search_goes_on_alone(helper):
    """Say helpers cannot start at all in some install: a few tries, then no more processes."""
    for _ in range(parallel.GIVE_UP):
        assert parallel.helpers() == 1
        assert parallel.spread(os._exit, [(3,)], lambda: "here", timeout=HANG_S) == ["here"]
    assert parallel.helpers() == 0
    assert parallel.spread(pow, [(2, 3)], lambda: "alone", timeout=HANG_S) == ["alone"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="the late job waits on a named pipe")
def test_a_late_helper_is_not_waited_for(helper, tmp_path):
    parallel.spread(pow, [(2, 2)], lambda: None, timeout=HANG_S)  # the helper is up
    go = tmp_path / "go"
    os.mkfifo(go)  # the helper's job reads it: it can answer only once the test writes
    late = finishes(parallel.spread, Path.read_text, [(go,)], lambda: "here", 0.2)
    assert late == ["here"]  # given up on after 0.2 s: it could not have answered
    # still busy: no new job for it, so no answer of the old job is taken for the new one
    assert parallel.spread(pow, [(2, 5)], lambda: "busy", timeout=0) == ["busy"]
    go.write_text("done")
    until(lambda: parallel._team[0].ready(), "the late answer, dropped")
    assert parallel.spread(pow, [(2, 5)], lambda: "free", timeout=HANG_S) == ["free", 32]


def test_a_timed_decision_sums_the_helpers_search_within_the_same_budget(helper, monkeypatch):
    monkeypatch.setattr(HardBot, "BUDGET", 400)
    state = decision()
    view, legal = state.view(state.current_player()), state.legal_actions()
    bot = HardBot(seed=1, think=30.0)  # the budget ends both searches
    action, share, count, total = bot.choose(view, legal)
    assert action in legal
    assert bot.search.playouts == 200  # the budget is shared out: a capped search is no longer
    assert total == 400  # the helper's tree counted too


def test_fixed_iterations_stay_in_one_process_and_reproducible(helper):
    state = decision(7)
    view, legal = state.view(state.current_player()), state.legal_actions()
    moves = []
    for _ in range(2):
        bot = HardBot(seed=3, iterations=120)
        action, share, count, total = bot.choose(view, legal)
        assert total == 120 == bot.search.playouts
        moves.append(action)
    assert moves[0] == moves[1]


def test_the_oracle_does_not_spread_its_search(helper):
    """A helper would be shown only the view, never the deck the oracle is told."""
    state = decision(5)
    oracle = OracleBot(seed=1, think=0.2)
    oracle.truth = SimpleNamespace(state=state)
    oracle.budget = 150
    oracle.think = 30.0
    *_, total = oracle.choose(state.view(state.current_player()), state.legal_actions())
    assert total == oracle.search.playouts == 150


@pytest.mark.worker
def test_the_apps_worker_spreads_over_the_helpers_it_was_given():
    decider = BackgroundDecider(helpers=1)
    try:
        assert answer_of(decider, decider._submit_process(parallel.helpers)) == ("ok", 1)
    finally:
        decider.close()
    assert BackgroundDecider().helpers == parallel.default_helpers()
    assert 0 <= parallel.default_helpers() <= parallel.MAX_HELPERS


def test_the_ladder_measures_with_helpers_in_one_worker_only(tmp_path):
    import json
    import subprocess
    import sys
    run = [sys.executable, "-m", "game.tools.ladder", "--games", "1", "--pairings", "hard-vs-easy@2"]
    proc = subprocess.run(run + ["--helpers", "1", "--workers", "2"], capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--helpers needs --workers 1" in proc.stderr.strip().splitlines()[-1]
    results = tmp_path / "games.jsonl"
    proc = subprocess.run(run + ["--helpers", "1", "--workers", "1", "--think", "0.05",
                                 "--results", str(results)], capture_output=True, text=True,
                          timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr
    assert "1 search helpers" in proc.stdout
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert lines and all(line["helpers"] == 1 for line in lines)


def _children(pid: int) -> list[int]:
    out = []
    for stat in os.listdir("/proc"):
        if stat.isdigit():
            try:
                with open(f"/proc/{stat}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(stat))
    return out


@pytest.mark.worker
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table in /proc")
def test_helpers_go_when_the_bot_worker_is_killed():
    """kill -9 on the app's bot worker: its helpers notice and exit (no orphan keeps searching)."""
    import signal
    state = decision(3)
    player = state.current_player()
    decider = BackgroundDecider(helpers=1)
    try:
        ticket = decider.decide("assemble", "hard", 1, 0.3, state.view(player),
                                state.legal_actions())
        status, action = answer_of(decider, ticket)
        assert status == "ok" and action in state.legal_actions()
        worker = next(iter(decider._process._processes))
        helpers = [pid for pid in _children(worker)
                   if "spawn_main" in open(f"/proc/{pid}/cmdline").read()]
        assert helpers  # the timed hard search started one
        os.kill(worker, signal.SIGKILL)
        for pid in helpers:
            wait_gone(pid, f"helper {pid} gone with its worker")
    finally:
        decider.close()


def test_a_helper_that_cannot_start_leaves_the_search_here(monkeypatch):
    """Say the caller may not have children (a daemonic process): the decision is made here, and
    a helper that did start before the failure is stopped, not left behind."""
    started = []
    real = parallel._Helper.__init__

    def second_fails(self):
        if started:
            raise AssertionError("daemonic processes are not allowed to have children")
        real(self)
        started.append(self)
    monkeypatch.setattr(parallel._Helper, "__init__", second_fails)
    parallel.configure(2)
    try:
        assert parallel.spread(pow, [(2, 1), (2, 2)], lambda: "here", timeout=HANG_S) == ["here"]
        started[0].process.join(HANG_S)
        assert not started[0].process.is_alive()
    finally:
        parallel.configure(0)


def test_the_learned_trial_spreads_its_search_too(helper, monkeypatch):
    from game.assemble.learned import NetHardBot
    monkeypatch.setattr(NetHardBot, "BUDGET", 160)
    state = decision(6)
    view, legal = state.view(state.current_player()), state.legal_actions()
    bot = NetHardBot(seed=1, think=30.0)
    action, share, count, total = bot.choose(view, legal)
    assert action in legal and bot.search.playouts == 80 and total == 160
    # weights other than the shipped ones: a helper could not know them, so no helper
    alone = NetHardBot(seed=1, think=30.0, net=bot.net)
    assert alone.choose(view, legal)[3] == alone.search.playouts == 160


def test_a_helpers_share_stops_at_the_cut_off_and_asks_the_shipped_network(monkeypatch):
    from game.assemble import value
    from game.assemble.search import search_part
    asked = []

    class Counting:
        def win_share(self, state, player):
            asked.append(state.round)
            return 0.5

    monkeypatch.setattr(value, "_SHIPPED", [Counting()])
    state = decision(8)
    view, legal = state.view(state.current_player()), state.legal_actions()
    wins, counts = search_part(view, legal, 30.0, 60, None, 6, 0.0, 3, horizon=1)
    assert sum(counts) == 60 and asked
    assert min(asked) == view.round + 1  # (the tree's own moves may carry a guess further)
    asked.clear()
    search_part(view, legal, 30.0, 60, None, 6, 0.0, 3)  # no horizon: every game to its end
    assert not asked
