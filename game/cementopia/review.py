"""Cementopia's judge: each placement against the solver's, in points. The placements the
evaluation ranks highest, and the one played, are each tried on the same guessed deck orders
(shuffles of the unseen cards, never the real order) and played out to the end by the solver's
greedy policy, exactly once two counter uses or fewer are left. A placement's expected points
are the mean final score, its win share the share of orders on which the puzzle is completed;
each loss has its 95% interval from the paired differences over the orders."""

from __future__ import annotations

from typing import Any

import math
import random
import time

from . import solver
from .descriptor import COMPLETE
from .setup import Action
from .state import CementopiaState, Move
from ..review import Judgement
from ..review.racing import paired

MEASURE = "points"
THRESHOLDS = ((0.5, 0.10), (1.0, 0.20), (2.0, 0.35))  # (points, completion share) lost per size
ITERATIONS = 8  # guessed deck orders per decision (a review of 15 decisions in about 15 s)
WIDTH = 4  # the evaluation's best placements tried besides the one played
ENDGAME = 1  # counter uses left from which an order is played out exactly (more costs minutes)


def key(state: CementopiaState, action: Action) -> tuple[int, int, int, int]:
    """A placement: which neighbour of equal count is named never matters."""
    return action.card, action.x, action.y, state.connection_count(action)


def finish(state: CementopiaState) -> tuple[int, bool]:
    """(final score, completed) of a position after drawing, played to the end by the solver's
    greedy policy, exactly at the end (the order is known: it is this guess's)."""
    while state.outcome is None:
        if sum(state.counters) - 1 <= ENDGAME:
            value = solver.exact_value(state)
            if value == -math.inf:
                break
            return (int(value - 1000), True) if value >= 1000 else (int(value + 100), False)
        _, move, child = solver.children(state, 0)[0]
        if child.outcome is None:
            child.draw()
        state = child
    return state.score(), state.outcome == COMPLETE


def judge(state: CementopiaState, player: int, played: Action, legal: list[Action],
          seats: list[str], rng: random.Random, iterations: int | None,
          think: float | None, moves: list[tuple[int, Any, Any]] | None = None) -> Judgement:
    view = state.view(player)
    guess = view.sample_state(rng)
    unseen = solver.unseen_mask(guess)
    kids = solver.children(guess, unseen)
    mine = key(state, played)
    top = kids[:WIDTH]
    if all((m[0], m[1], m[2], m[4]) != mine for _, m, _ in top):
        top += [k for k in kids if (k[1][0], k[1][1], k[1][2], k[1][4]) == mine][:1]
    rest = sorted(guess.setup.deck[guess.deck_pos:])
    points: list[list[float]] = [[] for _ in top]
    wins: list[list[float]] = [[] for _ in top]
    deadline = time.monotonic() + think if think else None
    samples = iterations or 10**9
    done = 0
    while done < samples:
        order = rest[:]
        rng.shuffle(order)
        for i, (_, _, child) in enumerate(top):
            sim = solver.redeal(child, tuple(order))
            if sim.outcome is None:
                sim.draw()
            score, complete = finish(sim)
            points[i].append(score)
            wins[i].append(float(complete))
        done += 1
        if deadline is not None and time.monotonic() >= deadline:
            break
    means = [(sum(p) / done, sum(w) / done) for p, w in zip(points, wins)]
    best = max(range(len(top)), key=lambda i: means[i])  # points, then completions
    at = next(i for i, k in enumerate(top) if (k[1][0], k[1][1], k[1][2], k[1][4]) == mine)
    move = top[best][1]
    action = played if best == at else type(played)(*move[:4])
    margins = [paired([b - m for b, m in zip(got[best], got[at])])[1] if best != at else 0.0
               for got in (points, wins)]
    return Judgement(action, means[at][0], means[at][1], means[best][0], means[best][1],
                     len(top), *margins)


def _move(state: CementopiaState, action: Action) -> Move:
    return (action.card, action.x, action.y, action.count_with, state.connection_count(action))


def words(state: CementopiaState, player: int, action: Action) -> str:
    """The placement and why, in the hint's words (the solver's explain)."""
    from .bots import explain
    from ..core.messages import shown
    return shown(explain(state, _move(state, action)))


def move_words(state: CementopiaState, player: int, action: Action) -> str:
    from .bots import spot_words
    from ..core.i18n import _
    from ..core.messages import shown
    return _("Put the {card} {where}").format(card=action.card,
                                              where=shown(spot_words(state, action.x, action.y)))
