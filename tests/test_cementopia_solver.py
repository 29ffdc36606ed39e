"""Cementopia's solver and oracle: the hard bot plays blind to the deck order and the same with
fixed iterations, plays exactly near the end, and the oracle (which reads the deck) is a
benchmark only."""

import json
import random

from hypothesis import given, strategies as st

from game import registry
from game.cementopia import CementopiaState, perf, solver
from game.cementopia.bots import LEVELS, EasyBot, HardBot
from game.cementopia.oracle import Oracle


def midgame(seed: int, placements: int) -> CementopiaState:
    state = CementopiaState.new(seed)
    bot = EasyBot(seed=seed)
    for _ in range(placements):
        state.apply(bot.decide(state.view(0), state.legal_actions()))
    assert not state.is_over()
    return state


def test_hard_bot_decides_the_same_whatever_the_hidden_order_mid_deal():
    state = midgame(5, 8)
    view = state.view(0)
    one, two = view.sample_state(random.Random(1)), view.sample_state(random.Random(2))
    assert one.setup.deck != two.setup.deck and one.view(0) == two.view(0) == view
    a = HardBot(seed=3, iterations=3).decide(one.view(0), one.legal_actions())
    b = HardBot(seed=3, iterations=3).decide(two.view(0), two.legal_actions())
    assert a == b and a in state.legal_actions()


def test_hard_bot_with_fixed_iterations_replays_the_same_moves():
    def moves(seed):
        state, bot, out = CementopiaState.new(9), HardBot(seed=seed, iterations=2), []
        for _ in range(4):
            action = bot.decide(state.view(0), state.legal_actions())
            out.append(action)
            state.apply(action)
        return out
    assert moves(1) == moves(1)


def test_the_oracle_is_never_offered_as_a_level(capsys):
    assert "oracle" not in LEVELS
    assert "oracle" not in registry.bot_module("cementopia").LEVELS
    # but the benchmark runs it, and with the deck known deal 1 allows the full 16
    perf.main(["--deals", "1", "--bots", "oracle", "--workers", "1"])
    figures = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert figures["oracle"]["distribution"] == {"16": 1} and figures["oracle"]["proven"] == 1


@given(st.lists(st.integers(0, 5), min_size=5, max_size=5), st.integers(0, 6))
def test_the_oracles_bound_is_never_below_the_solvers_guide(n, k):
    # `potential` assumes a new card touches at most two others; `ceiling` allows any count, so
    # it must be at least as high (a bound the exact search can prune on safely)
    n[0] = min(n[0], 1)
    assert solver.ceiling(tuple(n), k) >= solver.potential(tuple(n), k)
    assert solver.ceiling(tuple(n), 0) == solver.final_score(n)


def test_the_oracle_plays_its_plan_to_the_score_it_promised():
    state = CementopiaState.new(4)
    value, plan, proven = Oracle(2000).solve(state.clone())
    for move in plan:
        state.play_move(move[0], move[1], move[2], move[4])
    assert state.is_over() and value == 100 + state.score() and state.score() == 16 and proven
