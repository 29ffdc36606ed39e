"""Grayblock's judge: the hard bot's simulated deals (HardBot.evaluate) from the player's view,
every play tried on the same deals, each deal weighted by how well it explains the others' plays.
A play's expected points are the hand's points won (or minus those lost), its win share the
share of deals in which the player wins the hand. The best is the one hard would play (with two
players, the best chance to win the match); each loss has its 95% interval from the paired
differences over the weighted deals. Passes are forced by the rules: never judged."""

from __future__ import annotations

from typing import Any

import random

from .bots import HardBot
from .setup import Action
from .state import GrayblockState
from ..review import Judgement
from ..review.racing import weighted

MEASURE = "points"
THRESHOLDS = ((2.0, 0.05), (5.0, 0.10), (10.0, 0.20))  # (points, win share) lost per size
ITERATIONS = 200  # simulated deals per decision


def key(state: GrayblockState, action: Action) -> Action:
    return action


def judge(state: GrayblockState, player: int, played: Action, legal: list[Action],
          seats: list[str], rng: random.Random, iterations: int | None,
          think: float | None, moves: list[tuple[int, Any, Any]] | None = None) -> Judgement:
    view = state.view(player)
    bot = HardBot(think=think, iterations=iterations or (10**9 if think else ITERATIONS))
    bot.rng = rng
    bot.seated(seats)
    deals: list[tuple[float, list[tuple[float, float]]]] = []  # (weight, (points, won) per play)
    # (utility, points, share of hands won, action), best first
    scored = bot.evaluate(view, legal, deals)
    best = scored[0]
    mine = next(item for item in scored if item[3] == played)
    b, m = legal.index(best[3]), legal.index(played)
    weights = [w for w, _ in deals]
    margins = [weighted([deal[b][k] - deal[m][k] for _, deal in deals], weights)[1]
               if b != m else 0.0 for k in (0, 1)]
    return Judgement(best[3], mine[1], mine[2], best[1], best[2], len(scored), *margins)


def words(state: GrayblockState, player: int, action: Action) -> str:
    """The play and what it leaves, in the hint's words."""
    from .bots import _describe, _why
    from ..core.i18n import _
    view = state.view(player)
    if action.card is None:
        return _("Pass: no card in your hand fits either end.")
    return _("{play}: {why}.").format(play=_describe(action), why=_why(view, action, view.unknown()))


def move_words(state: GrayblockState, player: int, action: Action) -> str:
    from .bots import _describe
    from ..core.i18n import _
    return _("Pass") if action.card is None else _describe(action)
