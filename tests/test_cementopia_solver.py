"""Cementopia's solver and oracle: the hard bot plays blind to the deck order and the same with
fixed iterations, plays exactly near the end, and the oracle (which reads the deck) is a
benchmark only."""

import json
import random

from hypothesis import assume, given, strategies as st

from game.core import registry
from game.cementopia import CementopiaState, Setup, perf, solver
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


@given(st.lists(st.integers(0, 6), min_size=4, max_size=4), st.integers(0, 15))
def test_the_oracles_bound_is_never_below_the_solvers_guide(placed, k):
    # `potential` assumes a new card touches at most two others; `ceiling` allows any count, so
    # it must be at least as high (a bound the exact search can prune on safely)
    n = [0] + placed
    assume(2 <= sum(n) and sum(n) + k <= 16)
    assert solver.ceiling(tuple(n), k) >= solver.potential(tuple(n), k)
    assert solver.ceiling(tuple(n), 0) == solver.final_score(n)


def test_the_oracle_plays_its_plan_to_the_score_it_promised():
    state = CementopiaState.new(4)
    value, plan, proven = Oracle(2000).solve(state.clone())
    for move in plan:
        state.play_move(move[0], move[1], move[2], move[4])
    assert state.is_over() and value == 100 + state.score() and state.score() == 16 and proven


# Deal 6 after 14 placements, two counter uses left (counters 3 and 4). Every placement
# completes the network either now or with the next one, whatever card is drawn. The old
# solver (two greedy replies judged by the evaluation) put the 23 at (-6, 7) paying counter 4,
# which ends on 8 points at best; the exact play-out finds the 13 at (2, 12) paying counter 3,
# which ends on 9 whatever comes.
ENDGAME_PLACED = [(19, 0, 0), (16, -1, 4), (29, 1, -4), (9, 2, -1), (25, 3, 3), (12, 4, 6),
                  (31, 1, 3), (27, 5, 4), (20, 2, 7), (2, -2, 6), (3, 3, 10), (17, -3, 5),
                  (7, -4, 7), (14, -5, 8)]
ENDGAME_HAND = [23, 13, 6, 22]


def endgame(order_seed: int) -> CementopiaState:
    seen = [card for card, _, _ in ENDGAME_PLACED] + ENDGAME_HAND
    rest = [card for card in range(32) if card not in seen]
    random.Random(order_seed).shuffle(rest)
    setup = Setup(tuple(seen + rest))
    return CementopiaState.rebuild(setup, len(seen), ENDGAME_HAND, ENDGAME_PLACED, (0, 0, 1, 1), None)


def best_finish(state: CementopiaState, move) -> set:
    """The best final score after `move`, for each card the next draw could bring."""
    finishes = set()
    for card in state.unseen():
        rest = tuple(c for c in state.unseen() if c != card)
        child = solver.redeal(state, (card,) + rest)
        child.play_move(move[0], move[1], move[2], move[4])
        finishes.add(solver.exact_value(child) - 1000)
    return finishes


def test_hard_bot_finds_the_best_finish_of_an_endgame():
    state = endgame(1)
    action = HardBot(seed=2, iterations=4).decide(state.view(0), state.legal_actions())
    assert (action.card, action.x, action.y, state.connection_count(action)) == (13, 2, 12, 3)
    assert best_finish(state, (13, 2, 12, 0, 3)) == {9}
    assert best_finish(state, (23, -6, 7, 0, 4)) == {8}  # what the old solver played
    assert HardBot(seed=2, iterations=4).decide(endgame(2).view(0), state.legal_actions()) == action
