"""What one player can see of an Alicematic game: their own hand and face-down cards, and
everything public (the map, chits, face-up Alices, resources, VP, the discard pile). Other
hands, others' face-down cards and the deck's order are never in it: only their sizes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .content import Card
from .hexmap import Board, Hex
from .params import Params
from .variants import Variants

if TYPE_CHECKING:
    from .state import AlicematicState

Slot = tuple[int | None, bool]  # (card or None when hidden, face up)


@dataclass(frozen=True, slots=True)
class AlicematicView:
    player: int
    players: int
    parent: int
    board: Board
    cards: tuple[Card, ...]  # the card list (public: what each id is)
    phase: str
    turn: int | None
    round: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    areas: tuple[tuple[tuple[Slot, ...], ...], ...]  # per player, per colour
    holders: tuple[tuple[Hex, tuple[int, ...]], ...]
    war: tuple[tuple[Hex, int], ...]
    supply: tuple[int, ...]
    resources: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]
    vp: tuple[int, ...]
    rules: Variants = Variants()  # the draft variants in play
    params: Params = Params()  # the numbers in play

    game = "alicematic"

    @classmethod
    def of(cls, state: "AlicematicState", player: int) -> "AlicematicView":
        areas = tuple(tuple(tuple((card if up or p == player else None, up) for card, up in area)
                            for area in state.areas[p]) for p in range(state.n))
        return cls(player, state.n, state.setup.parent, state.board, state.cards, state.phase,
                   state.turn, state.round, tuple(state.hands[player]),
                   tuple(len(h) for h in state.hands), len(state.deck), tuple(state.discard),
                   areas, tuple(sorted(state.holders.items())), tuple(sorted(state.war.items())),
                   tuple(state.supply), tuple(map(tuple, state.resources)), tuple(state.pool),
                   tuple(state.vp), state.rules, state.params)

    def to_json(self) -> dict[str, Any]:
        """The `state` object of the external bot protocol: the same facts as the view."""
        hexes = [{"hex": list(h), "tile": info.tile, "kind": info.kind.kind,
                  "colour": info.kind.colour, "strength": info.strength,
                  "city_size": info.kind.city_size} for h, info in sorted(self.board.hexes.items())]
        return {
            "player": self.player, "players": self.players, "parent": self.parent,
            "phase": self.phase, "turn": self.turn, "round": self.round,
            "hand": list(self.hand), "hand_sizes": list(self.hand_sizes),
            "deck_size": self.deck_size, "discard": list(self.discard),
            "areas": [[[[card, up] for card, up in area] for area in areas]
                      for areas in self.areas],
            "holders": [{"hex": list(h), "players": list(owners)} for h, owners in self.holders],
            "war": [{"hex": list(h), "player": p} for h, p in self.war],
            "supply": list(self.supply), "resources": [list(r) for r in self.resources],
            "pool": list(self.pool), "vp": list(self.vp), "map": hexes,
            "rules": self.rules.to_json(), "params": self.params.to_json(),
        }

    def current_player(self) -> int | None:
        return self.turn

    def holders_map(self) -> dict[Hex, tuple[int, ...]]:
        return dict(self.holders)

    def count(self, player: int, colour_index: int) -> int:
        return len(self.areas[player][colour_index])
