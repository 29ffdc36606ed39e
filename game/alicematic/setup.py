"""Alicematic's value types: actions and the setup (tiles laid, deck order, start player), all
drawn from the seed once; a record carries the setup itself, so replays never reshuffle it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.errors import RecordError
from .content import COLOURS, N_TILES, current
from .descriptor import PLAYER_COUNTS
from .hexmap import Hex

# tile positions (Q, R), rows top to bottom: the 7 of rows 2-3-2 first, then the 3-player top
# and bottom, then (4-5 players) left and right of both 2-rows
FLOWER = ((0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1))
TOP_BOTTOM = ((1, -2), (-1, 2))
WINGS = ((-1, -1), (2, -1), (-2, 1), (1, 1))


def positions_for(players: int) -> tuple[Hex, ...]:
    return FLOWER + TOP_BOTTOM + (WINGS if players >= 4 else ())


# action kinds
BASE = "base"  # hex: a city on the map's edge (setup: each player's two bases)
SUMMON = "summon"  # card: summon it face up into its colour's area
HIRE = "hire"  # card, colour: put it face down there, then draw one
PASS = "pass"  # domestic affairs with nowhere to place a card (every area full)
REFILL = "refill"  # an empty hand: draw 3, the turn ends
CONQUER = "conquer"  # hex: an expedition that takes the hex now (resources spent as needed)
WAR = "war"  # hex: an expedition that falls short: a face-down chit, the hex at war
END = "end"  # no expedition this turn
DISCARD = "discard"  # card: cut an area back to its limit at the end of the turn
KINDS = (BASE, SUMMON, HIRE, PASS, REFILL, CONQUER, WAR, END, DISCARD)


class Action(NamedTuple):
    kind: str
    card: int | None = None
    colour: str | None = None
    hex: Hex | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.kind}
        if self.card is not None:
            out["card"] = self.card
        if self.colour is not None:
            out["colour"] = self.colour
        if self.hex is not None:
            out["hex"] = list(self.hex)
        return out

    @classmethod
    def from_json(cls, data: object) -> "Action":
        if not isinstance(data, dict) or data.get("do") not in KINDS:
            raise RecordError(f"an action is an object with \"do\" one of {', '.join(KINDS)}")
        card, colour, where = data.get("card"), data.get("colour"), data.get("hex")
        if card is not None and (isinstance(card, bool) or not isinstance(card, int)):
            raise RecordError("card must be a card number")
        if colour is not None and colour not in COLOURS:
            raise RecordError(f"colour must be one of {', '.join(COLOURS)}")
        if where is not None:
            if not (isinstance(where, list) and len(where) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in where)):
                raise RecordError("hex must be [q, r]")
            where = (where[0], where[1])
        return cls(data["do"], card, colour, where)


@dataclass(frozen=True, slots=True)
class Setup:
    seed: int
    players: int
    parent: int  # the start player (親)
    tiles: tuple[tuple[int, int], ...]  # (tile number, rotation) per position (positions_for)
    deck: tuple[int, ...]  # the shuffled cards, top first (hands are dealt from the top)

    @classmethod
    def deal(cls, seed: int, players: int, cards: int | None = None) -> "Setup":
        """`cards`: how many cards the content has (the content in the assets by default)."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Alicematic Eiketsuden is for 3 to 5 players, not {players}")
        rng = random.Random(f"alicematic:{seed}")
        numbers = list(range(1, N_TILES + 1))
        rng.shuffle(numbers)
        count = len(positions_for(players))
        tiles = tuple((numbers[i], rng.randrange(6)) for i in range(count))
        deck = list(range(len(current().cards) if cards is None else cards))
        rng.shuffle(deck)
        return cls(seed, players, rng.randrange(players), tiles, tuple(deck))

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "parent": self.parent,
                "tiles": [list(t) for t in self.tiles], "deck": list(self.deck)}

    @classmethod
    def from_json(cls, data: object, seed: object, cards: int | None = None) -> "Setup":
        if not isinstance(data, dict):
            raise RecordError("setup must be an object {players, parent, tiles, deck}")
        players, parent = data.get("players"), data.get("parent")
        if players not in PLAYER_COUNTS or isinstance(players, bool):
            raise RecordError("setup.players must be 3, 4 or 5")
        if isinstance(parent, bool) or not isinstance(parent, int) or not 0 <= parent < players:
            raise RecordError(f"setup.parent must be a player 0..{players - 1}")
        tiles = data.get("tiles")
        count = len(positions_for(players))
        if not isinstance(tiles, list) or len(tiles) != count or not all(
                isinstance(t, list) and len(t) == 2 and all(type(v) is int for v in t)
                and 1 <= t[0] <= N_TILES and 0 <= t[1] < 6 for t in tiles) \
                or len({t[0] for t in tiles}) != count:
            raise RecordError(f"setup.tiles must list {count} different [tile 1..{N_TILES}, "
                              "rotation 0..5]")
        deck = data.get("deck")
        n = len(current().cards) if cards is None else cards
        if not isinstance(deck, list) or any(type(c) is not int for c in deck) \
                or sorted(deck) != list(range(n)):  # types first: None does not sort
            raise RecordError(f"setup.deck must hold each card 0..{n - 1} once")
        return cls(seed if isinstance(seed, int) and not isinstance(seed, bool) else 0, players,
                   parent, tuple((t[0], t[1]) for t in tiles), tuple(deck))

    def base_order(self) -> tuple[int, ...]:
        """Who places a base when: clockwise from the start player, then counter-clockwise from
        the player to the start player's right (the last in clockwise order)."""
        clockwise = tuple((self.parent + i) % self.players for i in range(self.players))
        return clockwise + clockwise[::-1]
