"""How each seat plays, read from its moves (issue 57, item 3): a Bayesian belief per seat over
the policies the search knows how to play (search's models: random, the greedy family with its
tie rules, normal, hard-like), updated by the chance each policy gave the move the seat made.

Who sits where is public, so a level named at setup starts the belief strongly on that level's
policy; an external program or a person starts from a weak prior, and their moves decide. A move
a policy would never make still has a small chance under it (EPS, spread over the legal moves):
normal's real bot differs a little from the cheap policy the search plays, and a person makes
slips, so one odd move does not rule a policy out. Nothing here reads a hidden card: the moves
of Alice Assemble are public, and each is judged on the position its player saw.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.i18n import N_
from .search import (ANY, GEARS, GREEDY, HARD, HARD_PLACE, HARD_TAKE, HIGH, LOW, MODELS, NORMAL,
                     RANDOM, Mix, card_values, greedy_place, hard_places, line_id, place_values,
                     policy_action, tied_cards)
from .scoring import POPCOUNT

# the policies a seat may be read as, in the order the reading shows ties
POLICIES = (NORMAL, GREEDY, LOW, HIGH, GEARS, ANY, HARD, RANDOM)
# what the seat label and the ladder call them
NAMES = {NORMAL: N_("normal"), GREEDY: N_("greedy"), LOW: N_("greedy, low card on ties"),
         HIGH: N_("greedy, high card on ties"), GEARS: N_("greedy, more gears on ties"),
         ANY: N_("greedy, ties at random"), HARD: N_("hard"), RANDOM: N_("random")}
# English words for tools (the ladder), the same as NAMES untranslated
WORDS = {model: str(name) for model, name in NAMES.items()}

EPS = 0.05  # a move outside the policy's choices: this share of chance over every legal move
STRONG = 0.9  # the prior on a level named at setup
# a program's or a person's prior: anyone may be anything, the app's own policies a little likelier
WEAK = {NORMAL: 0.22, GREEDY: 0.12, LOW: 0.1, HIGH: 0.1, GEARS: 0.1, ANY: 0.1, HARD: 0.18,
        RANDOM: 0.08}
SHOWN = 0.03  # a policy of less posterior than this is left out of the search's mix


def prior(seat: str) -> dict[int, float]:
    named = MODELS.get(seat, NORMAL if seat == "normal" else None)
    if named is None:
        return dict(WEAK)
    rest = (1 - STRONG) / (len(POLICIES) - 1)
    return {model: STRONG if model == named else rest for model in POLICIES}


def likelihoods(state: Any, action: Any, legal: list[Any], view: Any = None) -> dict[int, float]:
    """The chance each policy gave `action` in `state` (its player to move). With the `view`
    the state was guessed from, `normal` counts the real normal bot's move beside the cheap
    policy's (they differ on about one move in twenty, and the reading must know a normal bot
    for one)."""
    n = len(legal)
    lane = state.active
    line = state.lines[lane]
    lid = line_id(line)
    spread = EPS / n
    out: dict[int, float] = {RANDOM: 1.0 / n}

    def share(chosen: list[Any], weights: tuple[float, ...] | None = None) -> float:
        """(1 - EPS) spread over `chosen` (evenly, or by `weights`, the last taking what is
        left), plus the even EPS."""
        if action not in chosen:
            return spread
        if weights is None:
            return (1 - EPS) / len(chosen) + spread
        i = chosen.index(action)
        k = min(len(chosen), len(weights))
        w = weights[i] if i < k - 1 else (1 - sum(weights[:k - 1]) if i == k - 1 else 0.0)
        return (1 - EPS) * w + spread

    normal: list[Any] = [policy_action(state)]
    if view is not None:
        real = normal_bot().decide(view, legal)
        if real != normal[0]:
            normal.append(real)
    out[NORMAL] = share(normal)
    if state.phase == "place":
        card, cap, rules = state.bench[lane], state.capacity[lane], state.rules
        values = place_values(line, card, cap, rules)
        best = max(v for v in values if v is not None)
        greedy = [a for a in legal if a.kind == "place" and values[a.value] == best]
        for model in (GREEDY, LOW, HIGH, GEARS, ANY):  # every greedy places alike
            out[model] = share(greedy)
        places = hard_places(lid, line, card, cap, rules)
        out[HARD] = share([a for pos in places for a in legal if a.value == pos], HARD_PLACE)
        return out
    by_card = {a.value: a for a in legal}
    capacity, rules = state.capacity[lane], state.rules
    keys = {card: (greedy_place(lid, line, card, capacity, rules)[0], POPCOUNT[card])
            for card in state.field}
    top = max(keys.values())
    out[GREEDY] = share([by_card[c] for c, k in keys.items() if k == top and c in by_card])
    for model in (LOW, HIGH, GEARS, ANY):
        out[model] = share([by_card[c] for c in tied_cards(state, lane, lid, model)
                            if c in by_card])
    ranked = sorted(((-v, c) for v, c in card_values(state, lane, lid)), key=lambda p: p[0])
    out[HARD] = share([by_card[c] for _, c in ranked if c in by_card], HARD_TAKE)
    return out


_NORMAL: list[Any] = []


def normal_bot() -> Any:
    """The real normal bot, made once (bots imports this module)."""
    if not _NORMAL:
        from .bots import NormalBot
        _NORMAL.append(NormalBot(0))
    return _NORMAL[0]


class Reading:
    """What one player (the observer) has read of every other seat so far."""

    def __init__(self, seats: list[str], observer: int) -> None:
        self.observer = observer
        self.seats = list(seats)
        self.logs: dict[int, dict[int, float]] = {}
        self.moves: dict[int, int] = {}  # moves read per seat (the ones with a choice)
        for player, seat in enumerate(self.seats):
            if player != observer:
                self.logs[player] = {m: math.log(p) for m, p in prior(seat).items()}
                self.moves[player] = 0
        self._rng = random.Random(0)  # the view's hidden cards do not matter to any policy

    def watch(self, player: int, view: Any, action: Any) -> None:
        """`player` made `action`; `view`: what the observer saw just before (its player to
        move)."""
        if player == self.observer or player not in self.logs or view.active_lane is None:
            return
        state = view.sample_state(self._rng)
        legal = state.legal_actions()
        if len(legal) < 2 or action not in legal:
            return
        log = self.logs[player]
        for model, p in likelihoods(state, action, legal, view).items():
            log[model] += math.log(p)
        self.moves[player] += 1

    def posterior(self, player: int) -> dict[int, float]:
        """The belief over POLICIES for `player`'s seat (sums to 1)."""
        log = self.logs[player]
        top = max(log.values())
        weights = {m: math.exp(v - top) for m, v in log.items()}
        total = sum(weights.values())
        return {m: weights[m] / total for m in POLICIES}

    def likeliest(self, player: int) -> tuple[int, float]:
        """The seat's likeliest policy and its share."""
        post = self.posterior(player)
        model = max(POLICIES, key=lambda m: post[m])
        return model, post[model]

    def mix(self, view: Any) -> tuple[int, ...] | Mix | None:
        """The search's models per lane: the observer's own lanes NORMAL, every other lane drawn
        from its seat's belief (policies under SHOWN left out); a plain tuple where every lane is
        one policy, None where that is NORMAL everywhere."""
        lanes: list[tuple[tuple[float, int], ...]] = []
        for lane in view.lanes:
            if lane.owner == self.observer or lane.owner not in self.logs:
                lanes.append(((1.0, NORMAL),))
                continue
            post = self.posterior(lane.owner)
            kept = [(post[m], m) for m in POLICIES if post[m] >= SHOWN]
            total = sum(p for p, _ in kept)
            cum, options = 0.0, []
            for p, m in kept:
                cum += p / total
                options.append((cum, m))
            options[-1] = (1.0, options[-1][1])
            lanes.append(tuple(options))
        if all(len(options) == 1 for options in lanes):
            models = tuple(options[0][1] for options in lanes)
            return models if any(models) else None
        return Mix(tuple(lanes))

    def summary(self) -> dict[int, dict[str, float]]:
        """Per other seat, its belief by policy name (English): what the ladder prints."""
        return {player: {WORDS[m]: p for m, p in self.posterior(player).items()}
                for player in self.logs}


def read_seats(seats: list[str], moves: list[tuple[int, Any, Any]]) -> dict[int, tuple[str, float]]:
    """What the table shows on a seat ("plays like: greedy 80%"): per seat, its likeliest policy
    (the N_ name, to translate) and that policy's share, read from `moves` ((who, a view just
    before, the move), as game.bots.moves_seen gives them: in Alice Assemble nobody's move hides
    anything, so whose view it is does not matter). A seat none of whose moves had a choice yet
    reads as its prior."""
    reading = Reading(seats, -1)
    for player, view, action in moves:
        reading.watch(player, view, action)
    out = {}
    for player in reading.logs:
        model, share = reading.likeliest(player)
        out[player] = (NAMES[model], share)
    return out
