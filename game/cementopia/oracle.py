"""The oracle: the best play of a Cementopia deal when the whole deck order is known.

A benchmark only (`python -m game.cementopia.perf --bots hard,oracle`): it reads the real deck,
so it is never a level a player can pick. It shows what each deal allows, so the hard bot's
misses can be told apart from deals nobody could have scored 12 on.

The search is exact: a depth-first branch and bound over every distinct placement (card, spot,
counter paid), with a table of positions already seen and a bound that no real play can beat
(`ceiling`). It stops at a node budget; the result then says it is not proven.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .solver import CARDS, ceiling, counts, distinct_moves, evaluate
from .state import COMPLETE, CementopiaState, Move

if TYPE_CHECKING:
    from .setup import Action

Key = tuple[frozenset[tuple[int, int, int]], tuple[int, ...]]  # a position, for the table

DONE = 100  # a complete puzzle is worth this on top of its score: it beats any stuck network


def value(state: CementopiaState) -> int:
    return state.score() + (DONE if state.outcome == COMPLETE else 0)


class Oracle:
    """Searches from a position with the real deck. `budget` caps the positions visited."""

    def __init__(self, budget: int = 200_000):
        self.budget = budget

    def solve(self, state: CementopiaState) -> tuple[int, list[Move], bool]:
        """(best value: score + DONE when complete, the moves to play, proven exact)."""
        self.nodes = 0
        self.best = -1
        self.plan: list[Move] = []
        self.table: dict[Key, int] = {}
        self.path: list[Move] = []
        self.out_of_budget = False
        self._beam(state)
        if self.best < DONE + CARDS:
            self._search(state)
        return self.best, self.plan, not self.out_of_budget

    def _beam(self, state: CementopiaState, width: int = 48) -> None:
        """A quick first answer: keep the `width` best-looking positions after each placement.
        The depth-first search below only has to beat it, so it prunes far more."""
        layer: list[tuple[CementopiaState, list[Move]]] = [(state, [])]
        while layer:
            scored: dict[Key, tuple[float, CementopiaState, list[Move]]] = {}
            for position, path in layer:
                for v, move, child in self._children(position):
                    if child.outcome is None:
                        child.draw()
                    if child.outcome is not None:
                        if value(child) > self.best:
                            self.best, self.plan = value(child), path + [move]
                        continue
                    key = (frozenset(child.placed), tuple(child.counters))
                    if key not in scored or scored[key][0] < v:
                        scored[key] = (v, child, path + [move])
            ranked = sorted(scored.values(), key=lambda item: -item[0])[:width]
            layer = [(child, path) for _, child, path in ranked]

    def _children(self, state: CementopiaState) -> list[tuple[float, Move, CementopiaState]]:
        """(evaluation, move, position after placing), best first."""
        # the cards still to come, as the evaluation's "unseen": known here, and only those
        # drawn before the counters run out can matter
        coming = 0
        for c in state.setup.deck[state.deck_pos:state.deck_pos + sum(state.counters)]:
            coming |= 1 << c
        kids = []
        for move in distinct_moves(state):
            child = state.clone()
            child.place(move[0], move[1], move[2], move[4])
            kids.append((evaluate(child, coming), move, child))
        kids.sort(key=lambda item: -item[0])
        return kids

    def _search(self, state: CementopiaState) -> int:
        """An upper bound on the value reachable from `state` (exact when above the best known
        on entry); improves self.best / self.plan on the way."""
        if state.outcome is not None:
            v = value(state)
            if v > self.best:
                self.best, self.plan = v, self.path[:]
            return v
        key = (frozenset(state.placed), tuple(state.counters))
        known = self.table.get(key)
        if known is not None and known <= self.best:
            return known
        bound = DONE + ceiling(counts(state), sum(state.counters))
        if bound <= self.best or self.out_of_budget:
            return bound
        self.nodes += 1
        if self.nodes > self.budget:
            self.out_of_budget = True
            return bound
        result = -1
        for _, move, child in self._children(state):  # likeliest first: finds good plays early
            if child.outcome is None:
                child.draw()
            self.path.append(move)
            result = max(result, self._search(child))
            self.path.pop()
            if self.best >= DONE + CARDS:
                break
        if self.out_of_budget:  # a cut-short search proves nothing about this position
            result = max(result, bound)
        self.table[key] = result
        return result


class OracleBot:
    """Plays a deal by the oracle's plan (it needs the real state, not the view)."""

    name = "oracle"

    def __init__(self, budget: int = 200_000):
        self.oracle = Oracle(budget)
        self.plan: list[Move] = []
        self.proven = True
        self.value = -1

    def decide_state(self, state: CementopiaState) -> Action:
        from .setup import Action
        if not self.plan:
            self.value, self.plan, self.proven = self.oracle.solve(state)
            self.plan = list(self.plan)
        move = self.plan.pop(0)
        return Action(*move[:4])
