"""What the player can see of a Cementopia deal, and how a bot guesses the rest.

A view holds no deck order: only `unseen`, the sorted set of cards still in the deck. Bots that
search call `sample_state` to deal those cards in a random order of their own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.cards import N_DOLLS
from .setup import Setup
from .state import CementopiaState


@dataclass(frozen=True, slots=True)
class CementopiaView:
    hand: tuple[int, ...]
    cards: tuple[tuple[int, int, int], ...]  # (card, x, y) in the order placed
    counters: tuple[int, ...]  # uses left on counters 1..4
    deck_count: int
    unseen: tuple[int, ...]
    outcome: str | None

    game = "cementopia"
    player = 0

    @classmethod
    def of(cls, state: CementopiaState) -> "CementopiaView":
        return cls(tuple(state.hand), tuple(state.placed), tuple(state.counters),
                   state.deck_count, tuple(state.unseen()), state.outcome)

    def to_json(self) -> dict[str, Any]:
        """The `state` object of the external bot protocol."""
        return {
            "hand": list(self.hand),
            "cards": [{"card": c, "x": x, "y": y} for c, x, y in self.cards],
            "counters": {str(i + 1): uses for i, uses in enumerate(self.counters)},
            "deck_count": self.deck_count,
            "unseen": list(self.unseen),
        }

    def sample_state(self, rng: random.Random) -> CementopiaState:
        """A full state that agrees with this view, the unseen cards dealt in a random order."""
        hidden = list(self.unseen)
        rng.shuffle(hidden)
        seen = sorted(set(range(N_DOLLS)) - set(hidden))
        return CementopiaState.rebuild(Setup(tuple(seen + hidden)), len(seen), self.hand,
                                       self.cards, self.counters, self.outcome)

    def current_player(self) -> int | None:
        return None if self.outcome is not None else 0
