"""Alice Assemble's judge: every legal move rolled out (game.review.racing) from the player's
view at the decision, over the same guesses of the hidden cards and the same playout luck
(game.assemble.rollouts), the others played as the hard bot would read them from their moves
before the decision (game.assemble.opponents), starting from their seats. The best is the move of the
highest mean final key (points, then the tiebreakers); a loss in points is the paired mean
difference to it, a loss in win share the paired difference to the move of the highest win share
(often the same), each with its 95% interval.

Where nothing to come is hidden (game.assemble.endgame), every legal move is judged by the exact
solve instead: the best is the first of the highest final key and each loss is exact."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from . import endgame
from .opponents import Reading
from .rollouts import Opponents, by_models, sampler
from ..review import Judgement
from ..review.racing import race
from .setup import Action
from .state import AssembleState

MEASURE = "points"
THRESHOLDS = ((1.5, 0.04), (3.0, 0.08), (6.0, 0.16))  # (points, win share) lost per size
ITERATIONS = 1000  # playouts per decision, over every candidate: converged (game.tools.review_perf)


def key(state: AssembleState, action: Action) -> Action:
    return action


def judge(state: AssembleState, player: int, played: Action, legal: list[Action],
          seats: list[str], rng: random.Random, iterations: int | None, think: float | None,
          moves: list[tuple[int, Any, Any]] | None = None,
          opponents: Opponents | None = None) -> Judgement:
    """`opponents`: how the others are played in the rollouts (default: as read from `moves`,
    the others' moves so far, starting from their seats, as the hard bot reads them)."""
    view = state.view(player)
    solved = endgame.solve(view)
    if solved is not None:
        solved_best = solved.best
        return Judgement(solved_best, solved.points(played), solved.win_share(played),
                         solved.points(solved_best), solved.win_share(solved_best),
                         len(solved.moves))
    choices = list(legal)
    if opponents is None:
        reading = Reading((list(seats) + ["human"] * view.players)[:view.players], player)
        for who, seen, move in moves or ():
            reading.watch(who, seen, move)
        opponents = by_models(reading.mix(view))
    mine = choices.index(played)
    over: Callable[[], bool] | None = None
    if think is not None:
        deadline = time.perf_counter() + think

        def past() -> bool:
            return time.perf_counter() > deadline
        over = past
    budget = iterations if iterations is not None else 10 ** 9
    result = race(len(choices), sampler(view, choices, rng, opponents), budget, (mine,),
                  over=over)
    best, top = result.best, result.top(2)
    points, points_margin = result.loss(mine, 1)
    win, win_margin = result.loss(mine, 2, top)
    best_points, best_win = result.mean(best, 1), result.mean(top, 2)
    return Judgement(choices[best], best_points - points, best_win - win, best_points, best_win,
                     len(choices), points_margin, win_margin)


def words(state: AssembleState, player: int, action: Action) -> str:
    """The move and why it is good, in the hint's words ("Put the 16 at the right end: it keeps
    your modules whole.")."""
    from .bots import explain, move_words, sentence
    view = state.view(player)
    return sentence(move_words(view, action), explain(view, action))


def move_words(state: AssembleState, player: int, action: Action) -> str:
    from .bots import move_words as said
    return said(state.view(player), action)
