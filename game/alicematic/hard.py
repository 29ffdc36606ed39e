"""Alicematic's `hard` bot: determinized Monte Carlo over the late game.

From LATE rounds before the end (the round being played included) every decision with a choice
is searched: the normal bot's CANDIDATES best actions by its own values are each played out to
the end of the game, on deals of the hidden cards sampled from the bot's view (the others' hands,
their face-down cards, the deck's order: every card the view does not show, shuffled and dealt to
the places the view counts), with every seat played by the normal bot. The action with the best
mean result is chosen: a win (a shared win split) with the VP margin over the best other player
as a small tiebreak. Every candidate is played on the same deals with the same playout luck, so
their differences are the actions' own.

Earlier decisions, and forced ones (a single legal action), are the normal bot's, at once: in the
early game a playout is long and noisy and the normal bot's rules of thumb hold up. The search
stops after `think` seconds of CPU time (DEFAULT_THINK when neither a time nor a number of deals
is given) or after `iterations` deals, whichever comes first; with `iterations` alone it is the
same on every machine for a given seed.
"""

from __future__ import annotations

import random
import time

from .bots import NormalBot
from .content import Content
from .setup import Action, Setup
from .state import BASES, AlicematicState
from .view import AlicematicView

LATE = 7  # rounds left (the current one included) from which decisions are searched: half the game
CANDIDATES = 4  # the normal bot's best actions that are played out
DEFAULT_ITERATIONS = 200  # sampled deals per decision at most (each plays every candidate)
DEFAULT_THINK = 0.8  # CPU seconds per decision when neither think nor iterations is given
MARGIN = 0.01  # per VP of margin over the best other player: a tiebreak between results


def determinize(view: AlicematicView, rng: random.Random) -> AlicematicState:
    """A full state that agrees with everything `view` shows: the cards it does not show (the
    others' hands and face-down cards, the deck) shuffled and dealt to where the view counts
    them. The deck's later reshuffles follow a seed drawn from `rng`."""
    known = set(view.hand) | set(view.discard)
    for shown in view.areas:
        for area in shown:
            known.update(card for card, _up in area if card is not None)
    hidden = [card.id for card in view.cards if card.id not in known]
    rng.shuffle(hidden)
    hands: list[list[int]] = []
    for p in range(view.players):
        if p == view.player:
            hands.append(list(view.hand))
        else:
            hands.append(hidden[:view.hand_sizes[p]])
            del hidden[:view.hand_sizes[p]]
    areas: list[list[list[tuple[int, bool]]]] = []
    for areas_of in view.areas:
        mine: list[list[tuple[int, bool]]] = []
        for area in areas_of:
            slots: list[tuple[int, bool]] = []
            for card, up in area:
                slots.append((hidden.pop() if card is None else card, up))
            mine.append(slots)
        areas.append(mine)
    state = AlicematicState.__new__(AlicematicState)
    state._plan = None
    state.setup = Setup(rng.getrandbits(32), view.players, view.parent, (), ())
    state.rules, state.params = view.rules, view.params
    state.content = Content(view.cards, ())
    state.board, state.cards, state.n = view.board, view.cards, view.players
    state.phase, state.turn, state.round = view.phase, view.turn, view.round
    state.picks = []  # (the bases are placed before round 1: never searched)
    state.hands = hands
    state.deck = hidden  # what is left: as many cards as the view's deck holds
    state.discard = list(view.discard)
    state.areas = areas
    state.holders, state.war = dict(view.holders), dict(view.war)
    state.supply = list(view.supply)
    state.resources = [list(r) for r in view.resources]
    state.pool, state.vp = list(view.pool), list(view.vp)
    state.reshuffles = 0
    return state


def result_for(state: AlicematicState, player: int) -> float:
    """A finished game's worth to `player`: 1 for a win (1/k of a win shared by k), plus MARGIN
    per VP ahead of (or behind) the best other player."""
    ranks = state.ranks()
    winners = [p for p in range(state.n) if ranks[p] == max(ranks)]
    scores = [score for score, _alices in ranks]
    best_other = max(s for p, s in enumerate(scores) if p != player)
    won = 1 / len(winners) if player in winners else 0.0
    return won + MARGIN * (scores[player] - best_other)


def playout(state: AlicematicState, seed: int) -> AlicematicState:
    """Play `state` to the end with the normal bot in every seat (seeded from `seed`)."""
    rng = random.Random(seed)
    bots = [NormalBot(rng.getrandbits(32)) for _ in range(state.n)]
    while state.turn is not None:
        player = state.turn
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else bots[player].decide(state.view(player), legal)
        state.apply_unchecked(action)
    return state


class HardBot:
    name = "hard"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.normal = NormalBot(self.rng.getrandbits(32))
        self.think = DEFAULT_THINK if think is None and iterations is None else think
        self.iterations = iterations or DEFAULT_ITERATIONS
        self.playouts = 0  # games played out so far (all decisions)
        self.deals = 0  # the last searched decision's sampled deals

    def searches(self, view: AlicematicView, legal: list[Action]) -> bool:
        """Whether this decision is searched: a choice, in the late game."""
        left = view.params.rounds - view.round + 1
        return len(legal) > 1 and view.phase != BASES and view.round >= 1 and left <= LATE

    def candidates(self, view: AlicematicView, legal: list[Action]) -> list[Action]:
        """The normal bot's best actions by its values, best first."""
        scored = sorted(((self.normal.value(view, a), i) for i, a in enumerate(legal)),
                        key=lambda item: (-item[0], item[1]))
        return [legal[i] for _value, i in scored[:CANDIDATES]]

    def evaluate(self, view: AlicematicView, actions: list[Action]) -> list[float]:
        """Each action's mean result (result_for) over sampled deals, in `actions`' order."""
        start = time.process_time()
        totals = [0.0] * len(actions)
        deals = 0
        for _deal in range(self.iterations):
            deal = determinize(view, self.rng)
            seed = self.rng.getrandbits(32)  # the same playout luck for every candidate
            for i, action in enumerate(actions):
                trial = deal.clone()
                trial.apply_unchecked(action)
                totals[i] += result_for(playout(trial, seed), view.player)
                self.playouts += 1
            deals += 1
            if self.think is not None and time.process_time() - start >= self.think:
                break
        self.deals = deals
        return [total / deals for total in totals]

    def decide(self, view: AlicematicView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not self.searches(view, legal):
            return self.normal.decide(view, legal)
        actions = self.candidates(view, legal)
        means = self.evaluate(view, actions)
        best = max(range(len(actions)), key=lambda i: (means[i], -i))
        return actions[best]
