"""Grayblock's own figures of a player (game.services.stats.Extra): a game is a match of hands, so its
matches, the hands played and won (by block and by going out) and the average points of a hand
won."""

from __future__ import annotations

from typing import Any

from ..storage.history import Entry
from ..services.stats import Extra as Base, num


class Extra(Base):
    after = "distribution"

    def __init__(self) -> None:
        self.matches = self.hands = self.won = self.by_block = self.by_out = self.points = 0

    def add(self, entry: Entry, seat: int, won: bool) -> None:
        self.matches += 1
        for winner, how, points in entry.own_field("hands", ()):
            self.hands += 1
            if winner == seat:
                self.won += 1
                self.by_block += how == "block"
                self.by_out += how == "out"
                self.points += points

    def json(self) -> dict[str, Any]:
        return {"matches": self.matches, "hands_played": self.hands, "hands_won": self.won,
                "hands_won_by_block": self.by_block, "hands_won_by_out": self.by_out,
                "average_hand_points": round(self.points / self.won, 2) if self.won else None}

    @staticmethod
    def words(figures: dict[str, Any]) -> str:
        return (f"; hands won {figures['hands_won']} ({figures['hands_won_by_block']} by block, "
                f"{figures['hands_won_by_out']} out), average {num(figures['average_hand_points'])}")
