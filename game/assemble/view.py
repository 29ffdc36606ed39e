"""What one player can see of an Alice Assemble game, and how a bot guesses the rest.

A view holds no deck order and no set-aside cards: only `unseen`, the sorted set of cards that
are in the deck or set aside. Bots that search call `sample_state` to deal those cards in a random
order of their own; they never touch the real state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .setup import Rules, Setup
from .state import AssembleState


@dataclass(frozen=True, slots=True)
class LaneView:
    owner: int
    counter: int
    capacity: int
    bench: int | None
    upright: bool
    line: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "counter": self.counter, "capacity": self.capacity,
                "bench": self.bench, "upright": self.upright, "line": list(self.line)}


@dataclass(frozen=True, slots=True)
class AssembleView:
    player: int
    players: int
    rules: Rules
    round: int
    last_round: bool
    phase: str
    active_lane: int | None
    field: tuple[int, ...]
    deck_count: int
    unseen: tuple[int, ...]
    lanes: tuple[LaneView, ...]

    game = "assemble"

    @classmethod
    def of(cls, state: AssembleState, player: int) -> "AssembleView":
        lanes = tuple(
            LaneView(state.owners[i], state.counters[i], state.capacity[i], state.bench[i],
                     state.upright[i], tuple(state.lines[i]))
            for i in range(state.n_lanes))
        return cls(player, state.players, state.rules, state.round, state.last_round, state.phase,
                   None if state.is_over() else state.active, tuple(state.field),
                   state.deck_count, tuple(state.unseen()), lanes)

    def to_json(self) -> dict[str, Any]:
        """The `state` object of the external bot protocol."""
        return {
            "players": self.players, "rules": self.rules.to_json(), "round": self.round,
            "last_round": self.last_round, "phase": self.phase, "active_lane": self.active_lane,
            "field": list(self.field), "deck_count": self.deck_count,
            "unseen": list(self.unseen), "lanes": [lane.to_json() for lane in self.lanes],
        }

    def sample_state(self, rng: random.Random) -> AssembleState:
        """A full state that agrees with this view, the unseen cards dealt in a random order."""
        hidden = list(self.unseen)
        rng.shuffle(hidden)
        seen = sorted(set(range(32)) - set(hidden))
        deck = tuple(seen + hidden[:self.deck_count])
        setup = Setup(self.players, deck, tuple(hidden[self.deck_count:]),
                      tuple(lane.owner for lane in self.lanes),
                      tuple(lane.counter for lane in self.lanes))
        state = AssembleState.__new__(AssembleState)
        state.setup, state.rules, state.n_lanes = setup, self.rules, len(self.lanes)
        state.deck_pos = len(seen)
        state.field = list(self.field)
        state.bench = [lane.bench for lane in self.lanes]
        state.upright = [lane.upright for lane in self.lanes]
        state.capacity = [lane.capacity for lane in self.lanes]
        state.lines = [list(lane.line) for lane in self.lanes]
        state.phase = self.phase
        state.active = self.active_lane if self.active_lane is not None else 0
        state.round, state.last_round = self.round, self.last_round
        return state

    def current_player(self) -> int | None:
        return None if self.active_lane is None else self.lanes[self.active_lane].owner
