"""The review of every legal move (issue 57): each loss with its 95% interval, a loss inside the
noise never called a mistake, the tiebreakers counted, and the intervals honest where the exact
endgame knows the answer."""

from __future__ import annotations

import random

import pytest

from game.assemble import endgame
from game.assemble.rollouts import by_models, rank, sampler, seat_models
from game.assemble.setup import PLACE, Setup
from game.assemble.state import AssembleState
from game.assemble import review as assemble_judge
from game.review import size_of
from game.review.racing import paired, race

SEATS = ["human", "normal", "normal", "normal"]


def blank_at_either_end():
    """Lane 0 holds one 5-row module (28 6 3: 25 points) and is to place the 0, a card with no
    gear, mid-game (three more fields to come, unseen). At the left or the right end the blank
    touches nothing: the two lines score the same whatever comes."""
    rest = [c for c in range(32) if c not in (28, 6, 3, 0)]
    random.Random(4).shuffle(rest)
    dealt = [28, 6, 3, 0] + rest[:16]
    state = AssembleState.start(Setup(4, tuple(dealt + rest[16:]), (), (0, 1, 2, 3), (1, 2, 3, 4)))
    state.deck_pos, state.field = 20, rest[12:16]
    state.bench = [0, rest[9], rest[10], rest[11]]
    state.upright = [True] * 4
    state.capacity = [1, 1, 1, 1]
    state.lines = [[28, 6, 3], rest[0:3], rest[3:6], rest[6:9]]
    state.phase, state.active, state.round, state.last_round = "place", 0, 4, False
    return state


@pytest.mark.parametrize("played", [0, 3])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_blank_at_either_end_is_never_called_a_mistake(played, seed):
    state = blank_at_either_end()
    legal = state.legal_actions()
    j = assemble_judge.judge(state, 0, PLACE[0][played], legal, SEATS, random.Random(seed),
                             600, None)
    assert j.options == len(legal)  # every legal placement judged
    assert j.best in (PLACE[0][0], PLACE[0][3])  # never the placements that break the module
    assert j.loss_points - j.points_margin <= 0  # the interval holds 0
    assert size_of(assemble_judge, j.loss_points, j.loss_win, j.points_margin,
                   j.win_margin) is None


def test_breaking_the_module_is_a_mistake_with_an_interval_clear_of_zero():
    state = blank_at_either_end()
    j = assemble_judge.judge(state, 0, PLACE[0][2], state.legal_actions(), SEATS,
                             random.Random(5), 600, None)
    assert j.loss_points - j.points_margin > 0
    assert size_of(assemble_judge, j.loss_points, j.loss_win, j.points_margin,
                   j.win_margin) is not None


def test_a_move_losing_only_on_the_tiebreaker_is_ranked_below_and_not_a_mistake():
    # the same points in every sample; the second move always one unscored module more
    rnd = random.Random(3)

    def play(alive):
        points = float(rnd.randrange(30))
        keys = [(points, 4, 1, 0), (points, 4, 1, -1)]
        return [(rank(keys[i]), keys[i][0], 0.5) for i in alive]
    result = race(2, play, 200, keep=(1,))
    assert result.best == 0
    loss, margin = result.loss(1, 1)
    assert loss == 0 and margin == 0
    assert size_of(assemble_judge, loss, 0.0, margin, 0.0) is None
    assert rank((20, 5, 1, -3)) > rank((20, 4, 3, 0)) > rank((20, 4, 2, 0)) > rank((20, 4, 2, -1))
    assert rank((21, 1, 1, -9)) > rank((20, 5, 9, 0))


def test_exact_ties_keep_the_first_move_however_long_the_race():
    rnd = random.Random(4)

    def play(alive):
        points = float(rnd.randrange(40))
        return [(points, points, 0.0) for _ in alive]
    for budget in (30, 300):
        assert race(3, play, budget).best == 0


def test_clearly_worse_moves_are_dropped_early_and_the_played_one_kept():
    rnd = random.Random(2)

    def play(alive):
        base = rnd.gauss(20, 5)
        return [(base - 6 * i, base - 6 * i, 0.0) for i in alive]
    result = race(4, play, 4000, keep=(3,))
    counts = [len(o) for o in result.outcomes]
    assert counts[1] < counts[0] and counts[2] < counts[0]  # the budget went elsewhere
    assert counts[3] == counts[0]  # the move played got every sample
    assert result.loss(3, 1) == pytest.approx((18.0, 0.0))


def test_an_interval_is_wider_with_fewer_samples():
    rnd = random.Random(1)
    diffs = [rnd.gauss(1, 2) for _ in range(400)]
    assert paired(diffs[:20])[1] > paired(diffs)[1] > 0
    assert paired([2.0] * 10) == (2.0, 0.0)


def test_rollout_losses_hold_the_exact_loss_on_solved_last_placements():
    views = [v for v in endgame.sample_views(3, seed=7, players=4) if v.deck_count == 0
             and v.phase == "place" and v.last_round]
    assert len(views) >= 5
    checked = 0
    for view in views:
        solved = endgame.solve(view)
        assert solved is not None
        moves = list(solved.moves)
        seats = ["human", "normal", "normal", "normal"]
        result = race(len(moves), sampler(view, moves, random.Random(0),
                                          by_models(seat_models(view, seats))), 60,
                      keep=range(len(moves)))
        assert moves[result.best] == solved.best
        for i, move in enumerate(moves):
            loss, margin = result.loss(i, 1)
            exact = solved.points(solved.best) - solved.points(move)
            assert loss - margin <= exact <= loss + margin
            checked += 1
    assert checked > len(views)


def test_grayblock_and_cementopia_losses_come_with_their_intervals():
    from game.cementopia.setup import Action
    from game.cementopia import review as cementopia_judge
    from game.grayblock import review as grayblock_judge
    from test_review import cementopia_last_choice, grayblock_opening
    state = grayblock_opening()
    legal = state.legal_actions()
    play0 = next(a for a in legal if a.card == 0)
    j = grayblock_judge.judge(state, 0, play0, legal, SEATS, random.Random(4), 60, None)
    assert 0 < j.win_margin < j.loss_win  # a clear loss, and its noise
    top = grayblock_judge.judge(state, 0, j.best, legal, SEATS, random.Random(4), 60, None)
    assert top.loss_points == top.points_margin == top.win_margin == 0
    state, finals = cementopia_last_choice()
    worst = min(finals, key=finals.get)
    j = cementopia_judge.judge(state, 0, Action(*worst[:4]), state.legal_actions(), ["human"],
                               random.Random(5), 4, None)
    assert j.points_margin == 0  # the last placement is played out exactly: no noise


def test_every_legal_placement_is_judged_not_only_the_six_the_tree_tried():
    from game.assemble.bots import NormalBot
    state = AssembleState.new(12, 3)  # 3 players: two cards set aside, never seen
    bot = NormalBot(seed=1)
    while not (state.phase == "place" and len(state.legal_actions()) > 7
               and state.current_player() == 0 and not state.last_round):
        view = state.view(state.current_player())
        state.apply_unchecked(bot.decide(view, state.legal_actions()))
    assert endgame.solve(state.view(0)) is None  # judged by rollouts, not by the exact solve
    legal = state.legal_actions()
    j = assemble_judge.judge(state, 0, legal[-1], legal, SEATS[:3], random.Random(1), 300, None)
    assert j.options == len(legal) > 6
