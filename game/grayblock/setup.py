"""Grayblock value types: the rules toggle, actions, deals, and the gear tables behind `fits`.

Hands are bit masks (card c present when `mask >> c & 1`): legal moves are then one AND with a
precomputed table, which keeps the bots' playouts cheap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple

from ..core.cards import N_DOLLS, ROWS
from ..core.errors import RecordError

HAND_SIZE = 8
ALL = (1 << N_DOLLS) - 1
LEFT, RIGHT = "left", "right"


@dataclass(frozen=True, slots=True)
class Rules:
    water_veins: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"water_veins": self.water_veins}

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError("rules must be an object like {\"water_veins\": false}")
        value = data.get("water_veins", False)
        if not isinstance(value, bool):
            raise RecordError("rules.water_veins must be true or false")
        return cls(value)

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """From a command-line list: 'water-veins' or '' (the base game)."""
        names = {n.strip().lower().replace("_", "-") for n in text.split(",") if n.strip()}
        unknown = names - {"water-veins"}
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}: Grayblock has only water-veins")
        return cls("water-veins" in names)


# --- gears ---------------------------------------------------------------------------------

def one_gear_apart(a: int, b: int) -> bool:
    """Exactly one gear added or removed: the indexes differ in one bit."""
    diff = a ^ b
    return diff != 0 and diff & (diff - 1) == 0


def beside(end: int) -> int:
    """Rows that have a gear on `end` or directly above or below one (row r is bit 16 >> r)."""
    return (end | end << 1 | end >> 1) & (N_DOLLS - 1)


def water_veins_ok(end: int, card: int) -> bool:
    """Every gear of `card` has a gear in the same row or a row next to it on `end`."""
    return card & ~beside(end) == 0


def fits(end: int, card: int, water_veins: bool) -> bool:
    return one_gear_apart(end, card) and (not water_veins or water_veins_ok(end, card))


def _table(water_veins: bool) -> tuple[int, ...]:
    return tuple(sum(1 << c for c in range(N_DOLLS) if fits(end, c, water_veins))
                 for end in range(N_DOLLS))


# FIT[water_veins][end]: mask of the cards that may join a row end showing card `end`
FIT = (_table(False), _table(True))
# cards that may start the row
OPENERS = (ALL, ALL & ~1)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    return mask.bit_count()


def added_row(end: int, card: int) -> int | None:
    """The row of the gear `card` adds to `end` (None when it removes one)."""
    extra = card & ~end
    return None if not extra else ROWS - extra.bit_length()


# --- deals ---------------------------------------------------------------------------------

Deal = tuple[tuple[int, ...], ...]  # per player, ascending


def deal_hand(seed: int, number: int, players: int) -> Deal:
    """Hand `number`'s deal (0-based): a fresh shuffle of all 32 cards, 8 to each player."""
    rng = random.Random(f"grayblock:{seed}:hand{number}")
    cards = list(range(N_DOLLS))
    rng.shuffle(cards)
    return tuple(tuple(sorted(cards[p * HAND_SIZE:(p + 1) * HAND_SIZE])) for p in range(players))


def first_start(seed: int, players: int) -> int:
    return random.Random(f"grayblock:{seed}:start").randrange(players)


def deal_from_json(data: object, players: int, where: str) -> Deal:
    if not isinstance(data, list) or len(data) != players:
        raise RecordError(f"{where}.deal must list {players} hands of {HAND_SIZE} cards")
    seen: set[int] = set()
    out = []
    for p, hand in enumerate(data):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            raise RecordError(f"{where}.deal[{p}] must hold {HAND_SIZE} cards")
        for card in hand:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < N_DOLLS:
                raise RecordError(f"{where}.deal[{p}] holds {card!r}, not a card 0..31")
            if card in seen:
                raise RecordError(f"{where}.deal holds card {card} twice")
            seen.add(card)
        out.append(tuple(sorted(hand)))
    return tuple(out)


# --- actions -------------------------------------------------------------------------------

class Action(NamedTuple):
    player: int
    card: int | None  # None = pass
    end: str | None  # "left"/"right"; None for a pass and for the first card of a hand

    @property
    def is_pass(self) -> bool:
        return self.card is None

    def to_json(self) -> dict[str, Any]:
        if self.card is None:
            return {"player": self.player, "pass": True}
        return {"player": self.player, "play": self.card, "end": self.end}

    @classmethod
    def from_json(cls, data: object) -> "Action":
        if not isinstance(data, dict) or "player" not in data:
            raise RecordError(f"not a Grayblock action: {data!r}")
        player = data["player"]
        if isinstance(player, bool) or not isinstance(player, int):
            raise RecordError(f"player must be an integer: {data!r}")
        if "pass" in data:
            if data["pass"] is not True or "play" in data:
                raise RecordError(f"a pass is {{\"player\": p, \"pass\": true}}: {data!r}")
            return intern(player, None, None)
        card, end = data.get("play"), data.get("end")
        if isinstance(card, bool) or not isinstance(card, int):
            raise RecordError(f"an action has an integer play or \"pass\": true: {data!r}")
        if end not in (None, LEFT, RIGHT):
            raise RecordError(f"end must be \"left\", \"right\" or null: {data!r}")
        return intern(player, card, end)

    def __str__(self) -> str:
        if self.card is None:
            return f"player {self.player} passes"
        where = f" on the {self.end}" if self.end else " to start the row"
        return f"player {self.player} plays {self.card}{where}"


# Interned actions: legal_actions() only indexes these tables.
_ENDS = (None, LEFT, RIGHT)
PLAYS = tuple(tuple(tuple(Action(p, c, e) for e in _ENDS) for c in range(N_DOLLS))
              for p in range(4))
PASSES = tuple(Action(p, None, None) for p in range(4))


def intern(player: int, card: int | None, end: str | None) -> Action:
    if 0 <= player < 4:
        if card is None:
            return PASSES[player]
        if 0 <= card < N_DOLLS:
            return PLAYS[player][card][_ENDS.index(end)]
    return Action(player, card, end)
