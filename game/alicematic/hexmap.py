"""Hex geometry (axial coordinates, pointy-top) and the map's static facts: which hex is where,
its kind, its tile, its neighbours; plus the food an expedition needs (steps from a base).

Tiles are 7-hex flowers. Flowers tile the plane on a lattice: the tile at tile position
(Q, R) (itself axial, one step = one tile) has its centre hex at Q * (2, 1) + R * (-1, 3). That
map keeps the tiles' own neighbourhood (6 tiles round one), so the draft's rows of tiles 2-3-2
(plus 1 above and below, plus 2 beside each 2-row) are rows of tile positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping

from .content import CITY, FOREST, HexKind, Tile

Hex = tuple[int, int]
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def rotate(offset: Hex, turns: int) -> Hex:
    """An offset turned by turns * 60 degrees (a tile laid in another orientation)."""
    q, r = offset
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


def tile_centre(position: Hex) -> Hex:
    Q, R = position
    return 2 * Q - R, Q + 3 * R


def tile_neighbours(position: Hex) -> list[Hex]:
    return [add(position, d) for d in DIRECTIONS]


@dataclass(frozen=True, slots=True)
class MapHex:
    kind: HexKind
    tile: int  # index of the tile position on this map (0-based)
    strength: int  # needed strength (a forest: its neighbours on the map)


@dataclass(frozen=True)
class Board:
    """The assembled map: which tile lies at each position, and every hex."""

    positions: tuple[Hex, ...]  # tile positions, in the order the setup lists them
    tiles: tuple[int, ...]  # the tile number at each position
    turns: tuple[int, ...]  # each tile's rotation (x 60 degrees)
    hexes: Mapping[Hex, MapHex]
    neighbours: Mapping[Hex, tuple[Hex, ...]]
    centres: tuple[Hex, ...]  # each tile's city hex
    outer: tuple[int, ...]  # tiles on the map's edge (where first bases go)

    @classmethod
    def build(cls, positions: Iterable[Hex], tiles: Iterable[int], turns: Iterable[int],
              catalogue: tuple[Tile, ...]) -> "Board":
        positions, tiles, turns = tuple(positions), tuple(tiles), tuple(turns)
        kinds: dict[Hex, tuple[HexKind, int]] = {}
        centres = []
        for index, (position, number, turn) in enumerate(zip(positions, tiles, turns)):
            tile = catalogue[number - 1]
            centre = tile_centre(position)
            centres.append(centre)
            kinds[centre] = (tile.centre, index)
            for direction, kind in zip(DIRECTIONS, tile.ring):
                kinds[add(centre, rotate(direction, turn))] = (kind, index)
        neighbours = {h: tuple(n for n in (add(h, d) for d in DIRECTIONS) if n in kinds)
                      for h in kinds}
        hexes = {h: MapHex(kind, tile, len(neighbours[h]) if kind.kind == FOREST else kind.strength)
                 for h, (kind, tile) in kinds.items()}
        placed = set(positions)
        outer = tuple(i for i, p in enumerate(positions)
                      if not all(n in placed for n in tile_neighbours(p)))
        return cls(positions, tiles, turns, hexes, neighbours, tuple(centres), outer)

    @cached_property
    def passable(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's neighbours one may cross (monster forests may not be): food_map's steps."""
        return {h: tuple(n for n in around if self.hexes[n].kind.kind != FOREST)
                for h, around in self.neighbours.items()}

    @cached_property
    def _tile_hexes(self) -> dict[int, tuple[Hex, ...]]:
        out: dict[int, list[Hex]] = {}
        for h, info in self.hexes.items():
            out.setdefault(info.tile, []).append(h)
        return {tile: tuple(hexes) for tile, hexes in out.items()}

    def tile_hexes(self, tile: int) -> tuple[Hex, ...]:
        return self._tile_hexes.get(tile, ())

    @cached_property
    def graph(self) -> tuple[tuple[Hex, ...], dict[Hex, int], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, ...], ...]]:
        """The map as numbers, for food_map's search: every hex, each one's number, and by
        number the neighbours one may cross and all the neighbours (tuple keys hash slowly)."""
        order = tuple(self.hexes)
        index = {h: i for i, h in enumerate(order)}
        passable = self.passable
        return (order, index, tuple(tuple(index[n] for n in passable[h]) for h in order),
                tuple(tuple(index[n] for n in self.neighbours[h]) for h in order))

    def cities(self) -> tuple[Hex, ...]:
        return tuple(h for h in self.centres if self.hexes[h].kind.kind == CITY)


def food_map(board: Board, player: int, bases: Iterable[Hex],
             holders: Mapping[Hex, tuple[int, ...]]) -> dict[Hex, int]:
    """The fewest food from any of `bases` to every hex it can reach: one per step; monster
    forests cannot be crossed (one may still be the goal); each hex crossed that another player
    holds (and `player` does not) costs one more. The goal's own holder costs nothing extra."""
    # (the bots and the table ask this for every move: hexes by number, steps of 1 or 2 in buckets)
    order, index, passable, neighbours = board.graph
    n = len(order)
    step_cost = [1] * n
    for h, owners in holders.items():
        if owners and player not in owners and h in index:
            step_cost[index[h]] = 2
    unknown = n * 2 + 2
    through = [unknown] * n  # cost to stand on a hex one may cross
    buckets: list[list[int]] = [[]]
    for base in bases:
        i = index[base]
        if through[i]:
            through[i] = 0
            buckets[0].append(i)
    cost = 0
    while cost < len(buckets):
        for here in buckets[cost]:
            if through[here] != cost:
                continue  # (reached more cheaply since it was put here)
            for there in passable[here]:
                step = cost + step_cost[there]
                if step < through[there]:
                    through[there] = step
                    while len(buckets) <= step:
                        buckets.append([])
                    buckets[step].append(there)
        cost += 1
    goal = [unknown] * n
    for here in range(n):
        cost = through[here]
        if cost == unknown:
            continue
        if cost == 0:
            goal[here] = 0
        for there in neighbours[here]:
            if cost + 1 < goal[there]:
                goal[there] = cost + 1
    return {order[i]: c for i, c in enumerate(goal) if c != unknown}


def food_needed(board: Board, player: int, target: Hex, bases: Iterable[Hex],
                holders: Mapping[Hex, tuple[int, ...]]) -> int | None:
    """The food from the nearest base to `target` (None: no way round the forests)."""
    return food_map(board, player, bases, holders).get(target)


def connected(board: Board, player: int, holders: Mapping[Hex, tuple[int, ...]]) -> set[Hex]:
    """The hexes `player` holds that a chain of their own hexes joins to one of their bases
    (the cities they hold)."""
    mine = {h for h, owners in holders.items() if player in owners}
    seen = {h for h in mine if board.hexes[h].kind.kind == CITY}
    stack = list(seen)
    while stack:
        here = stack.pop()
        for there in board.neighbours[here]:
            if there in mine and there not in seen:
                seen.add(there)
                stack.append(there)
    return seen
