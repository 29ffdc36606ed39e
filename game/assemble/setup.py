"""Alice Assemble value types: rules toggles, the dealt setup, and actions."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.cards import N_DOLLS
from ..core.errors import RecordError


@dataclass(frozen=True, slots=True)
class Rules:
    flaw: bool = False
    identity: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"flaw": self.flaw, "identity": self.identity}

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError("rules must be an object like {\"flaw\": false, \"identity\": false}")
        for key in ("flaw", "identity"):
            if key in data and not isinstance(data[key], bool):
                raise RecordError(f"rules.{key} must be true or false")
        return cls(bool(data.get("flaw", False)), bool(data.get("identity", False)))

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """From a command-line list like 'flaw,identity' (empty = base game)."""
        names = {n.strip().lower() for n in text.split(",") if n.strip()}
        unknown = names - {"flaw", "identity"}
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}: use flaw and/or identity")
        return cls("flaw" in names, "identity" in names)


def lane_count(players: int) -> int:
    return 4 if players == 2 else players


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything chance decided before the first action: undo and replay never reshuffle."""

    players: int
    deck: tuple[int, ...]  # top first: the order cards are revealed
    set_aside: tuple[int, ...]
    owners: tuple[int, ...]  # per lane
    counters: tuple[int, ...]  # per lane: the indicator's initial turn order 1..4

    @classmethod
    def deal(cls, seed: int, players: int) -> "Setup":
        if players not in (2, 3, 4):
            raise ValueError(f"Alice Assemble is for 2 to 4 players, not {players}")
        rng = random.Random(seed)
        cards = list(range(N_DOLLS))
        rng.shuffle(cards)
        aside = 2 if players == 3 else 0
        lanes = lane_count(players)
        owners = (0, 0, 1, 1) if players == 2 else tuple(range(players))
        counters = tuple(rng.sample((1, 2, 3, 4), lanes))
        return cls(players, tuple(cards[:N_DOLLS - aside]), tuple(cards[N_DOLLS - aside:]),
                   owners, counters)

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "set_aside": list(self.set_aside),
            "lanes": [{"owner": o, "counter": c} for o, c in zip(self.owners, self.counters)],
        }

    @classmethod
    def from_json(cls, data: object, players: int) -> "Setup":
        if not isinstance(data, dict):
            raise RecordError("setup must be an object with deck, set_aside and lanes")
        if players not in (2, 3, 4):
            raise RecordError(f"Alice Assemble is for 2 to 4 players, the record has {players}")
        deck = _cards(data.get("deck"), "setup.deck")
        aside = _cards(data.get("set_aside", []), "setup.set_aside")
        want_aside = 2 if players == 3 else 0
        if len(aside) != want_aside:
            raise RecordError(f"setup.set_aside must hold {want_aside} cards with {players} players")
        if sorted(deck + aside) != list(range(N_DOLLS)):
            raise RecordError("setup.deck and setup.set_aside must hold each card 0..31 exactly once")
        lanes = data.get("lanes")
        n = lane_count(players)
        if not isinstance(lanes, list) or len(lanes) != n:
            raise RecordError(f"setup.lanes must list {n} lanes with {players} players")
        try:
            owners = tuple(_int(lane["owner"]) for lane in lanes)
            counters = tuple(_int(lane["counter"]) for lane in lanes)
        except (KeyError, TypeError):
            raise RecordError("each of setup.lanes needs an integer owner and counter") from None
        if players == 2:
            if sorted(owners) != [0, 0, 1, 1]:
                raise RecordError("with 2 players each player owns two lanes")
        elif owners != tuple(range(players)):
            raise RecordError("with 3 or 4 players lane i is owned by player i")
        if len(set(counters)) != n or not set(counters) <= {1, 2, 3, 4}:
            raise RecordError("lane counters must be distinct turn orders 1..4")
        return cls(players, tuple(deck), tuple(aside), owners, counters)


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError
    return value


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of card indexes")
    for card in value:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < N_DOLLS:
            raise RecordError(f"{where} holds {card!r}, not a card 0..31")
    return value


class Action(NamedTuple):
    kind: str  # "take" (draft or acquisition) or "place"
    lane: int
    value: int  # the card taken, or the insertion position 0..len(line)

    def to_json(self) -> dict[str, Any]:
        return {"lane": self.lane, self.kind: self.value}

    @classmethod
    def from_json(cls, data: object) -> "Action":
        if not isinstance(data, dict) or set(data) - {"lane", "take", "place"}:
            raise RecordError(f"not an Alice Assemble action: {data!r}")
        kinds = [k for k in ("take", "place") if k in data]
        if len(kinds) != 1 or "lane" not in data:
            raise RecordError(f"an action has a lane and one of take/place: {data!r}")
        lane, value = data["lane"], data[kinds[0]]
        for v in (lane, value):
            if isinstance(v, bool) or not isinstance(v, int):
                raise RecordError(f"action fields must be integers: {data!r}")
        return _intern(kinds[0], lane, value)

    def __str__(self) -> str:
        if self.kind == "take":
            return f"lane {self.lane} takes card {self.value}"
        return f"lane {self.lane} places at position {self.value}"


# Interned actions: legal_actions() only indexes these tables, which keeps playouts cheap.
TAKE = tuple(tuple(Action("take", lane, c) for c in range(N_DOLLS)) for lane in range(4))
PLACE = tuple(tuple(Action("place", lane, p) for p in range(N_DOLLS + 1)) for lane in range(4))


def _intern(kind: str, lane: int, value: int) -> Action:
    table = TAKE if kind == "take" else PLACE
    if 0 <= lane < 4 and 0 <= value < len(table[lane]):
        return table[lane][value]
    return Action(kind, lane, value)
