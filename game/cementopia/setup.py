"""Cementopia value types: the dealt deck, actions, the daily deal, and the edge-fit tables."""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import Any, NamedTuple

from ..core.cards import N_DOLLS, card_set
from ..core.errors import RecordError

HAND_SIZE = 4
COUNTER_USES = (4, 4, 4, 3)  # counters 1..4: 15 uses, so 16 cards end up placed
LIMITS = (0, 2, 4, 6, 4)  # by adjacency 0..4: at most this many such cards score (0: never)
# the rulebook's goals for a complete network: 8 to start with, then 10, and 12 deserves praise;
# every limit filled is the most a network can score
TARGETS = (8, 10, 12)
MAXIMUM = sum(LIMITS)


def target_reached(score: int, complete: bool = True) -> int | None:
    """The highest of the rulebook's targets (or the maximum) a network reaches; None under the
    lowest, or when the attempt is not complete (a stuck network reaches none)."""
    return max([t for t in TARGETS + (MAXIMUM,) if complete and score >= t], default=None)


def next_target(score: int) -> int | None:
    """The lowest target (or the maximum) above `score`; None at the maximum."""
    return min([t for t in TARGETS + (MAXIMUM,) if t > score], default=None)


class Setup(NamedTuple):
    """Everything chance decided: the shuffled deck. Undo and replay never reshuffle."""

    deck: tuple[int, ...]  # 32 cards: the first 4 are the opening hand, the 5th the first card

    @classmethod
    def deal(cls, seed: int) -> "Setup":
        cards = list(range(N_DOLLS))
        random.Random(seed).shuffle(cards)
        return cls(tuple(cards))

    def to_json(self) -> dict[str, Any]:
        return {"deck": list(self.deck)}

    @classmethod
    def from_json(cls, data: object) -> "Setup":
        if not isinstance(data, dict):
            raise RecordError("setup must be an object with the deck")
        deck = data.get("deck")
        if not isinstance(deck, list):
            raise RecordError("setup.deck must be a list of card indexes")
        for card in deck:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < N_DOLLS:
                raise RecordError(f"setup.deck holds {card!r}, not a card 0..31")
        if sorted(deck) != list(range(N_DOLLS)):
            raise RecordError("setup.deck must hold each card 0..31 exactly once")
        return cls(tuple(deck))


def daily_seed(date: datetime.date | None = None) -> int:
    """The seed of the day's deal: the same for everyone on that date (31 bits)."""
    date = date or datetime.date.today()
    digest = hashlib.sha256(f"cementopia-{date.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


class Action(NamedTuple):
    card: int
    x: int
    y: int
    count_with: int  # the neighbour whose connection count is paid for

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "x": self.x, "y": self.y, "count_with": self.count_with}

    @classmethod
    def from_json(cls, data: object) -> "Action":
        keys = ("card", "x", "y", "count_with")
        if not isinstance(data, dict) or any(k not in data for k in keys):
            raise RecordError(f"a Cementopia action has card, x, y and count_with: {data!r}")
        values = [data[k] for k in keys]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
            raise RecordError(f"action fields must be integers: {data!r}")
        return cls(*values)

    def __str__(self) -> str:
        return f"card {self.card} at ({self.x}, {self.y}) counted with {self.count_with}"


def _edges() -> tuple[tuple[int, ...], tuple[int, ...]]:
    dolls = card_set().dolls
    return tuple(d.left for d in dolls), tuple(d.right for d in dolls)


LEFT, RIGHT = _edges()


def facing(mask: int, dy: int) -> tuple[int, int]:
    """A neighbour edge `mask` seen from a card `dy` rows below it (dy = y - y_neighbour, -4..4):
    (rows of the card that face it, the gears those rows must have), as masks of the card."""
    if dy >= 0:
        return (31 << dy) & 31, (mask << dy) & 31
    return 31 >> -dy, mask >> -dy


def _fit_table(edges: tuple[int, ...]) -> tuple[int, ...]:
    """[rows * 32 + gears] -> bit mask of the cards whose edge has exactly `gears` on `rows`."""
    table = [0] * 1024
    for rows in range(32):
        for card, edge in enumerate(edges):
            table[rows * 32 + (edge & rows)] |= 1 << card
    return tuple(table)


FIT_LEFT, FIT_RIGHT = _fit_table(LEFT), _fit_table(RIGHT)
