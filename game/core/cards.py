"""The 32 doll cards and 4 counter cards, loaded from assets/cards.json and validated."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from .paths import asset

N_DOLLS = 32
ROWS = 5
ALL_CARDS = tuple(range(N_DOLLS))


class CardDataError(ValueError):
    """The card data file is missing, malformed or inconsistent with the rules."""


@dataclass(frozen=True, slots=True)
class Doll:
    index: int
    left: int  # gear mask, row r present when mask & (16 >> r)
    right: int
    name: str
    flavour: str

    def left_rows(self) -> tuple[int, ...]:
        return rows_of(self.left)


@dataclass(frozen=True, slots=True)
class Counter:
    order: int  # initial turn order 1..4
    name: str
    flavour: str


@dataclass(frozen=True, slots=True)
class CardSet:
    dolls: tuple[Doll, ...]
    counters: tuple[Counter, ...]


def row_bit(row: int) -> int:
    return 16 >> row


def rows_of(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(ROWS) if mask & (16 >> r))


def pattern(mask: int) -> str:
    """'#-#-#' style picture of a gear column, top row first."""
    return "".join("#" if mask & (16 >> r) else "-" for r in range(ROWS))


def parse_pattern(text: str) -> int:
    if len(text) != ROWS or any(ch not in "#-" for ch in text):
        raise CardDataError(f"gear pattern {text!r} must be 5 characters of '#' and '-'")
    return sum(16 >> r for r, ch in enumerate(text) if ch == "#")


def parse_card(text: str) -> int:
    """A card given by a person: its index 0..31 or its gear pattern like '-###-' (o/x also read)."""
    raw = text.strip()
    if raw.isdigit():
        value = int(raw)
        if 0 <= value < N_DOLLS:
            return value
        raise ValueError(f"unknown card {raw!r}: cards are 0..31")
    if len(raw) == ROWS and set(raw) <= set("#-ox"):
        return parse_pattern(raw.replace("o", "#").replace("x", "-"))
    raise ValueError(f"unknown card {raw!r}: give an index 0..31 or a pattern like -###-")


def load_cards(path: Path | None = None) -> CardSet:
    path = path or asset("cards.json")
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardDataError(f"cannot read card data {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != "alice-cards" or data.get("version") != 1:
        raise CardDataError(f"{path}: not an alice-cards version 1 file")
    try:
        dolls = tuple(_doll(entry) for entry in data["dolls"])
        counters = tuple(Counter(int(c["order"]), str(c["name"]), str(c["flavour"]))
                         for c in data["counters"])
    except (KeyError, TypeError) as exc:
        raise CardDataError(f"{path}: missing or malformed field {exc}") from None
    if [d.index for d in dolls] != list(ALL_CARDS):
        raise CardDataError(f"{path}: dolls must be listed once each, in index order 0..31")
    bad = [d.index for d in dolls if d.left != d.index]
    if bad:
        raise CardDataError(f"{path}: left-edge gears disagree with the index for cards {bad}")
    if [c.order for c in counters] != [1, 2, 3, 4]:
        raise CardDataError(f"{path}: counters must be orders 1, 2, 3, 4")
    return CardSet(dolls, counters)


def _doll(entry: dict[str, Any]) -> Doll:
    name, flavour = str(entry["name"]), str(entry["flavour"])
    if not name.strip():
        raise CardDataError(f"doll {entry['index']} has no name")
    return Doll(int(entry["index"]), parse_pattern(entry["left"]), parse_pattern(entry["right"]),
                name, flavour)


@lru_cache(maxsize=1)
def card_set() -> CardSet:
    """The shipped card data, loaded once."""
    return load_cards()


def place_map(groups: Iterable[tuple[str, Iterable[int]]]) -> dict[int, str]:
    """Card -> place name from (place, cards) groups, for the states' invariant checks; a card
    found in two places is an AssertionError naming both."""
    where: dict[int, str] = {}
    for place, cards in groups:
        for card in cards:
            if card in where:
                raise AssertionError(f"card {card} is both in {where[card]} and {place}")
            where[card] = place
    return where
