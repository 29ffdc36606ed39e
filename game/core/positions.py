"""A replayed game's positions, move by move, for a viewer that steps back and forth through them
(issue 40): at most `limit` full positions are kept, however long the game, and any other is
played again from the kept one before it.

A position is kept every `every` moves: `spacing` at least, and more in a long game, so that no
more than `limit` are kept (a match of 80,000 moves keeps one every 809; a short game one every
16). Going back a move costs at most `every` moves played again; going forward from where the
viewer stands costs the moves gone over. Positions are kept as they are first reached (by walk(),
or by at() on the way), so nothing is played twice to keep them.
"""

from __future__ import annotations

from typing import Any, Generic, Iterator, Sequence

from .contract import Event, S

LIMIT = 100  # full positions kept at most
SPACING = 16  # moves between two kept positions at least


class Positions(Generic[S]):
    def __init__(self, start: S, actions: Sequence[Any], limit: int = LIMIT,
                 spacing: int = SPACING) -> None:
        self.actions = list(actions)
        self.every = max(spacing, -(-len(self.actions) // max(1, limit - 1)))
        self.kept: list[S] = [start.clone()]  # kept[k]: after k * every moves
        self.checked = 0  # the first moves found legal once: played again without the rules' check

    @property
    def total(self) -> int:
        return len(self.actions)

    def walk(self) -> Iterator[tuple[S, Any, list[Event], S]]:
        """(state before, action, its events, state after) for every move, played once from the
        start (as History.replay), keeping positions on the way. The state after is the walk's
        own: read it before the next step."""
        state = self.kept[0].clone()
        for n, action in enumerate(self.actions):
            before = state.clone()
            events = state.apply(action)
            self.checked = max(self.checked, n + 1)
            self._keep(n + 1, state)
            yield before, action, events, state

    def at(self, n: int, state: S | None = None, count: int = 0) -> S:
        """The position after `n` moves (clamped), the caller's to change: played from the kept
        position before it, or on from `state` (after `count` moves, changed in place and
        returned) when that is no further back."""
        n = max(0, min(self.total, n))
        k = min(n // self.every, len(self.kept) - 1)
        if state is None or not k * self.every <= count <= n:
            state, count = self.kept[k].clone(), k * self.every
        for i in range(count, n):
            if i < self.checked:  # (a move the rules passed once: asking again costs a viewer's
                state.apply_unchecked(self.actions[i])  # step most of its time in Alicematic)
            else:
                state.apply(self.actions[i])
                self.checked = i + 1
            self._keep(i + 1, state)
        return state

    def _keep(self, n: int, state: S) -> None:
        if n % self.every == 0 and n // self.every == len(self.kept):
            self.kept.append(state.clone())
