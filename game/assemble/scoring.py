"""Alice Assemble scoring: modules of 4-connected left-edge gears in a 5 x N grid.

A module's size is the number of rows it touches; it produces size**2 points. A lane scores its
`capacity` best modules; with The Flaw the rest are subtracted.

`module_sizes` is the fast path (bots, benchmarks): it walks the line column by column with a
memoized automaton whose state is the current column's gear groups, so a warm call is a handful of
dict lookups. `explain_line` is the slow, readable path for the scoring screen (cells per module).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

ROW_BITS = (16, 8, 4, 2, 1)
POPCOUNT = tuple(bin(m).count("1") for m in range(32))


def _segments(mask: int) -> tuple[int, ...]:
    """Vertical runs of gears in one column, each as a row mask."""
    runs, cur = [], 0
    for bit in ROW_BITS:
        if mask & bit:
            cur |= bit
        elif cur:
            runs.append(cur)
            cur = 0
    if cur:
        runs.append(cur)
    return tuple(runs)


SEGMENTS = tuple(_segments(m) for m in range(32))

# Automaton state: tuple of (column_part, rows) per open group, sorted by column_part. column_part
# is the union of the group's segments in the current column; rows is every row the group touches.
Groups = tuple[tuple[int, int], ...]
# (state, card) -> (the state after it, the sizes of the modules it closed)
_STEP: dict[tuple[Groups, int], tuple[Groups, tuple[int, ...]]] = {}


def _step(state: Groups, card: int) -> tuple[Groups, tuple[int, ...]]:
    groups: list[list[Any]] = []  # [column_part, rows, indexes of the previous groups it joins]
    joined: set[int] = set()
    for seg in SEGMENTS[card]:
        hits = {i for i, (part, _) in enumerate(state) if part & seg}
        joined |= hits
        col, rows = seg, seg
        for i in hits:
            rows |= state[i][1]
        # two segments of this column sharing a previous group are one group
        for g in [g for g in groups if g[2] & hits]:
            groups.remove(g)
            col, rows, hits = col | g[0], rows | g[1], hits | g[2]
        groups.append([col, rows, hits])
    closed = tuple(sorted((POPCOUNT[rows] for i, (_, rows) in enumerate(state) if i not in joined),
                          reverse=True))
    return tuple(sorted((g[0], g[1]) for g in groups)), closed


def module_sizes(line: Iterable[int]) -> list[int]:
    """Sizes of every module of a line (left-edge masks = card indexes), unordered."""
    step = _STEP
    state: Groups = ()
    sizes: list[int] = []
    for card in line:
        key = (state, card)
        hit = step.get(key)
        if hit is None:
            hit = step[key] = _step(state, card)
        state, closed = hit
        if closed:
            sizes.extend(closed)
    for _, rows in state:
        sizes.append(POPCOUNT[rows])
    return sizes


def score_sizes(sizes: list[int], capacity: int, flaw: bool = False) -> int:
    ordered = sorted(sizes, reverse=True)
    scored = sum(s * s for s in ordered[:capacity])
    if flaw:
        scored -= sum(s * s for s in ordered[capacity:])
    return scored


def lane_key(sizes: list[int], capacity: int, flaw: bool = False) -> tuple[int, int, int, int]:
    """What decides between two lanes: score, then tiebreakers 1-3 (bigger is better)."""
    ordered = sorted(sizes, reverse=True)
    scored = ordered[:capacity]
    points = sum(s * s for s in scored)
    unscored = len(ordered) - len(scored)
    if flaw:
        points -= sum(s * s for s in ordered[capacity:])
    return (points, scored[0] if scored else 0, len(scored), -unscored)


def score_line(line: Iterable[int], capacity: int, flaw: bool = False) -> int:
    return score_sizes(module_sizes(line), capacity, flaw)


@dataclass(frozen=True, slots=True)
class Module:
    cells: tuple[tuple[int, int], ...]  # (column, row), column = position in the line
    size: int
    points: int
    scored: bool


@dataclass(frozen=True, slots=True)
class LaneScore:
    line: tuple[int, ...]
    capacity: int
    flaw: bool
    modules: tuple[Module, ...]  # scored ones first, best first; ties broken left to right
    score: int

    @property
    def scored(self) -> tuple[Module, ...]:
        return tuple(m for m in self.modules if m.scored)

    @property
    def unscored(self) -> tuple[Module, ...]:
        return tuple(m for m in self.modules if not m.scored)

    @property
    def key(self) -> tuple[int, int, int, int]:
        scored = self.scored
        return (self.score, max((m.size for m in scored), default=0), len(scored),
                -len(self.unscored))

    def to_json(self) -> dict[str, Any]:
        return {
            "line": list(self.line), "capacity": self.capacity, "flaw": self.flaw,
            "score": self.score,
            "modules": [{"cells": [list(c) for c in m.cells], "size": m.size,
                         "points": m.points, "scored": m.scored} for m in self.modules],
        }


def explain_line(line: Sequence[int], capacity: int, flaw: bool = False) -> LaneScore:
    """Every module with its cells, which ones score, and the lane's score."""
    cells = {(c, r) for c, card in enumerate(line) for r in range(5) if card & ROW_BITS[r]}
    found: list[tuple[tuple[int, int], ...]] = []
    seen: set[tuple[int, int]] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        stack, comp = [start], []
        seen.add(start)
        while stack:
            c, r = stack.pop()
            comp.append((c, r))
            for nxt in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        found.append(tuple(sorted(comp)))
    # best first; among equal sizes the leftmost (then topmost) module is the one marked scored
    found.sort(key=lambda comp: (-len({r for _, r in comp}), comp[0]))
    modules = []
    score = 0
    for i, cells_of in enumerate(found):
        size = len({r for _, r in cells_of})
        scored = i < capacity
        modules.append(Module(cells_of, size, size * size, scored))
        score += size * size if scored else (-size * size if flaw else 0)
    return LaneScore(tuple(line), capacity, flaw, tuple(modules), score)


TIEBREAKERS = {1: "largest scored module", 2: "more scored modules", 3: "fewer unscored modules"}


@dataclass(frozen=True)
class TieStep:
    """One tiebreaker that told the tied players apart: (player, value) for each still tied
    before it; `value` is the key's own number (size, count, or minus the unscored count)."""

    index: int  # 1, 2 or 3 (TIEBREAKERS)
    values: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Tiebreak:
    """How a tie on points was settled (rules.md's tiebreakers, in order)."""

    points: int
    tied: tuple[int, ...]  # players level on points
    steps: tuple[TieStep, ...]  # the tiebreakers that separated someone
    winners: tuple[int, ...]  # more than one: a draw, the win is shared
    key: tuple[int, int, int, int]  # the winners' common key


def tiebreak(keys: list[tuple[int, int, int, int]]) -> Tiebreak | None:
    """The tiebreak among players' keys (`lane_key`), or None when points alone decided."""
    top = max(k[0] for k in keys)
    alive = [p for p, k in enumerate(keys) if k[0] == top]
    if len(alive) < 2:
        return None
    tied, steps = tuple(alive), []
    for i in (1, 2, 3):
        values = {keys[p][i] for p in alive}
        if len(values) < 2:
            continue
        steps.append(TieStep(i, tuple((p, keys[p][i]) for p in alive)))
        alive = [p for p in alive if keys[p][i] == max(values)]
    return Tiebreak(top, tied, tuple(steps), tuple(alive), keys[alive[0]])
