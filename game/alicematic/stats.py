"""Alicematic's own figures of a player (game.services.stats.Extra): wins by the colour the player's seat
played (records that name none are left out)."""

from __future__ import annotations

from typing import Any

from ..storage.history import Entry
from ..services.settings import COLOUR_NAMES
from ..services.stats import Extra as Base, Tally

COLOUR_KEYS = tuple(name.lower() for name in COLOUR_NAMES)  # by_colour's keys: "orange"...


class Extra(Base):
    after = "by_opponent_level"

    def __init__(self) -> None:
        self.by_colour: dict[int, Tally] = {}

    def add(self, entry: Entry, seat: int, won: bool) -> None:
        if seat < len(entry.colours):
            self.by_colour.setdefault(entry.colours[seat], Tally()).add(won)

    def json(self) -> dict[str, Any]:
        return {"by_colour": {COLOUR_KEYS[c]: t.json() for c, t in sorted(self.by_colour.items())}}

    @staticmethod
    def words(figures: dict[str, Any]) -> str:
        if not figures.get("by_colour"):
            return ""
        return "; by colour " + ", ".join(f"{colour} {t['wins']}/{t['games']}"
                                          for colour, t in figures["by_colour"].items())
