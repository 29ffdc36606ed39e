"""Alice Assemble's judge: every legal move rolled out (game.review.racing) from the player's
view at the decision, over the same guesses of the hidden cards and the same playout luck
(game.assemble.rollouts), the others played as their seats play. The best is the move of the
highest mean final key (points, then the tiebreakers); a loss in points is the paired mean
difference to it, a loss in win share the paired difference to the move of the highest win share
(often the same), each with its 95% interval.

Where nothing to come is hidden (game.assemble.endgame), every legal move is judged by the exact
solve instead: the best is the first of the highest final key and each loss is exact."""

from __future__ import annotations

import time

from . import endgame
from .rollouts import Opponents, by_models, sampler, seat_models
from ..review import Judgement
from ..review.racing import race

MEASURE = "points"
THRESHOLDS = ((1.5, 0.04), (3.0, 0.08), (6.0, 0.16))  # (points, win share) lost per size
ITERATIONS = 1000  # playouts per decision, over every candidate: converged (game.review_perf)


def key(state, action):
    return action


def judge(state, player: int, played, legal: list, seats: list[str], rng, iterations,
          think, opponents: Opponents | None = None) -> Judgement:
    """`opponents`: how the others are played in the rollouts (default: as their seats)."""
    view = state.view(player)
    solved = endgame.solve(view)
    if solved is not None:
        solved_best = solved.best
        return Judgement(solved_best, solved.points(played), solved.win_share(played),
                         solved.points(solved_best), solved.win_share(solved_best),
                         len(solved.moves))
    moves = list(legal)
    if opponents is None:
        opponents = by_models(seat_models(view, seats))
    mine = moves.index(played)
    over = None
    if think is not None:
        deadline = time.perf_counter() + think

        def over() -> bool:
            return time.perf_counter() > deadline
    budget = iterations if iterations is not None else 10 ** 9
    result = race(len(moves), sampler(view, moves, rng, opponents), budget, (mine,), over=over)
    best, top = result.best, result.top(2)
    points, points_margin = result.loss(mine, 1)
    win, win_margin = result.loss(mine, 2, top)
    best_points, best_win = result.mean(best, 1), result.mean(top, 2)
    return Judgement(moves[best], best_points - points, best_win - win, best_points, best_win,
                     len(moves), points_margin, win_margin)


def words(state, player: int, action) -> str:
    """The move and why it is good, in the hint's words ("Put the 16 at the right end: it keeps
    your modules whole.")."""
    from .bots import explain, move_words, sentence
    view = state.view(player)
    return sentence(move_words(view, action), explain(view, action))


def move_words(state, player: int, action) -> str:
    from .bots import move_words as said
    return said(state.view(player), action)
