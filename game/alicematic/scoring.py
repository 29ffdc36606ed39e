"""The final scoring (draft 10): tile majorities, cities, monster forests, tiles reached and
Alice majorities per colour, added to the VP scored during play. See state.py decisions 18-20."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import effects as fx
from .content import CITY, COLOURS, FOREST
from .params import Params

if TYPE_CHECKING:
    from .state import AlicematicState

PARTS = ("play", "tiles", "cities", "forests", "reach", "colours", "powers")  # Score's parts


@dataclass(frozen=True, slots=True)
class Score:
    play: int  # VP scored during the game (white bonuses, powers)
    tiles: int  # tile majorities
    cities: int
    forests: int
    reach: int  # most tiles reached
    colours: int  # most Alices per colour
    powers: int  # final-scoring powers

    @property
    def total(self) -> int:
        return (self.play + self.tiles + self.cities + self.forests + self.reach + self.colours
                + self.powers)


def tile_majority(held: list[int], alices: list[int], second: bool = False,
                  params: Params = Params()) -> list[int]:
    """VP per player for one tile, from hexes held there and face-up Alices. `second` (the
    tile_second variant): everyone holding a hex is ranked, by hexes then Alices, so the
    second most hexes can score 3. The VP are `params`' (6, 3 and 3 each for tied firsts)."""
    top, runner_up, shared = params.tile_first, params.tile_second, params.tile_shared
    out = [0] * len(held)
    most = max(held)
    if most == 0:
        return out
    if second:
        return _ranked(held, alices, params)
    leaders = [p for p, h in enumerate(held) if h == most]
    if len(leaders) == 1:
        out[leaders[0]] = top
        return out
    ranks = sorted({alices[p] for p in leaders}, reverse=True)
    first = [p for p in leaders if alices[p] == ranks[0]]
    if len(first) > 1:
        for p in first:
            out[p] = shared
        return out
    out[first[0]] = top
    runners = [p for p in leaders if len(ranks) > 1 and alices[p] == ranks[1]]
    if len(runners) == 1:
        out[runners[0]] = runner_up
    return out


def _ranked(held: list[int], alices: list[int], params: Params) -> list[int]:
    top, runner_up, shared = params.tile_first, params.tile_second, params.tile_shared
    out = [0] * len(held)
    keys = {p: (h, alices[p]) for p, h in enumerate(held) if h}
    best = max(keys.values())
    first = [p for p, k in keys.items() if k == best]
    if len(first) > 1:
        for p in first:
            out[p] = shared
        return out
    out[first[0]] = top
    rest = {p: k for p, k in keys.items() if k != best}
    if rest:
        runner = max(rest.values())
        second = [p for p, k in rest.items() if k == runner]
        if len(second) == 1:
            out[second[0]] = runner_up
    return out


def most_wins(values: list[int]) -> list[int]:
    """Everyone tied for the most (at least 1) scores that number."""
    best = max(values)
    return [v if v == best and best > 0 else 0 for v in values]


def final_scores(state: "AlicematicState") -> list[Score]:
    n, board = state.n, state.board
    alices = [state.alices(p) for p in range(n)]
    tiles = [0] * n
    per_tile = [[0] * n for _ in board.positions]
    cities, forests = [0] * n, [0] * n
    for h, owners in state.holders.items():
        info = board.hexes[h]
        for p in owners:
            per_tile[info.tile][p] += 1
            if info.kind.kind == CITY:
                cities[p] += 1
            elif info.kind.kind == FOREST:
                forests[p] += 1
    forest_vp = [0] * n
    for h, owners in state.holders.items():
        if board.hexes[h].kind.kind == FOREST:
            for p in owners:
                forest_vp[p] += len(board.neighbours[h])
    for held in per_tile:
        for p, vp in enumerate(tile_majority(held, alices, state.rules.tile_second, state.params)):
            tiles[p] += vp
    reached = [sum(1 for held in per_tile if held[p]) for p in range(n)]
    colours = [0] * n
    for c in range(len(COLOURS)):
        for p, vp in enumerate(most_wins([sum(up for _card, up in state.areas[p][c])
                                          for p in range(n)])):
            colours[p] += vp
    powers = [0] * n
    for p in range(n):
        for power in state.active_powers(p):
            if power.timing != fx.FINAL:
                continue
            per = fx.PER.get(power.effect)
            times = {None: 1, "city": cities[p], "forest": forests[p], "tile": reached[p]}[per]
            powers[p] += power.amount * times
    reach = most_wins(reached)
    return [Score(state.vp[p], tiles[p], cities[p] * state.params.city_vp, forest_vp[p], reach[p], colours[p],
                  powers[p]) for p in range(n)]
