"""Rollouts of every legal move of a decision, for the review (game.review.racing): each sample
is one guess of the hidden cards (view.sample_state) and one stream of playout luck, shared by
every candidate; the game is played to its end, the others by the opponents' policy (pluggable:
by default each seat as its level plays, see search.MODELS), the reviewed player by the cheap
`normal` policy, except its last placement, which takes the best final key (nothing is left to
come then)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .search import (MODELS, NORMAL, Mix, clear_caches, hist_key, insert_hists, line_parts,
                     player_keys, policy_action, smart_playout)
from .setup import PLACE
from .setup import Action
from .state import OVER

if TYPE_CHECKING:
    from .state import AssembleState
    from .view import AssembleView

# Plays a guessed game on from the state until the reviewed player's next move or the end:
# (state, the reviewed player, the sample's random draw).
Opponents = Callable[[object, int, Callable[[], float]], None]


def seat_models(view: AssembleView, seats: list[str]) -> tuple[int, ...]:
    """Per lane, how its seat is expected to play (public: the setup shows each seat's level)."""
    return tuple(MODELS.get(seats[lane.owner], NORMAL)
                 if lane.owner != view.player and lane.owner < len(seats) else NORMAL
                 for lane in view.lanes)


def by_models(models: Sequence[int] | Mix | None) -> Opponents:
    """The others played by search's models (one per lane; NORMAL, GREEDY, RANDOM, HARD...), or
    drawn from a Mix (opponents.py's reading) each time they play on."""
    if isinstance(models, Mix):
        mix = models

        def mixed(state: Any, player: int, draw: Callable[[], float]) -> None:
            smart_playout(state, (draw, 0.0), mix.draw(draw), player)
        return mixed

    def play(state: Any, player: int, draw: Callable[[], float]) -> None:
        smart_playout(state, (draw, 0.0), models, player)
    return play


def rank(key: Sequence[int]) -> float:
    """A final key (points, top module size, modules scored, minus modules unscored) as one
    number: the points, then each tiebreaker in a place well below the one before (they never
    add up to a point)."""
    points, top, scored, unscored = key
    return float(points + 0.01 * top + 0.0008 * scored + 0.00002 * unscored)


def own_move(state: AssembleState) -> Action:
    """The reviewed player's own later move: the last placement for the best final key, else
    the `normal` policy's."""
    if state.phase == "place" and state.last_round:
        lane = state.active
        line, cap, flaw = state.lines[lane], state.capacity[lane], state.rules.flaw
        card = state.bench[lane]
        assert card is not None  # a placement places the bench card
        hs = insert_hists(line_parts(line), card)
        n = len(line)
        best, at = None, 0
        for pos, h in enumerate(hs):
            right = state.rules.identity and n and pos == n
            if right and cap == 1:
                continue
            k = hist_key(h, cap - 1 if right else cap, flaw)
            if best is None or k > best:
                best, at = k, pos
        return PLACE[lane][at]
    return policy_action(state)


def outcome(state: AssembleState, player: int) -> tuple[float, float, float]:
    """(rank, points, win share) of a finished game for `player`."""
    keys = player_keys(state)
    top = max(keys)
    mine = keys[player]
    return rank(mine), float(mine[0]), (1.0 / keys.count(top) if mine == top else 0.0)


def sampler(view: AssembleView, moves: list[Any], rng: random.Random,
            opponents: Opponents) -> Callable[[list[int]], list[tuple[float, float, float]]]:
    """`play(alive)` for racing.race: one guess and one luck, every alive move played out."""
    player = view.player
    clear_caches()

    def play(alive: list[int]) -> list[tuple[float, float, float]]:
        guess, luck = view.sample_state(rng), rng.getrandbits(32)
        out = []
        for i in alive:
            state, draw = guess.clone(), random.Random(luck).random
            state.apply_unchecked(moves[i])
            owners = state.setup.owners
            while state.phase != OVER:
                if owners[state.active] == player:
                    state.apply_unchecked(own_move(state))
                else:
                    opponents(state, player, draw)
            out.append(outcome(state, player))
        return out
    return play
