"""What the setup screen decides, handed to the table (no pygame here)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.assemble.setup import Rules


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human or a bot level: random, easy, ...
    colour: int = 0  # index into ui.PLAYER_COLOURS

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict:
        return {"name": self.name, "seat": self.kind, "colour": self.colour}


@dataclass
class GameConfig:
    seats: list[Seat] = field(default_factory=lambda: [Seat("Ada"), Seat("Bot", "easy", 1)])
    rules: Rules = Rules()
    seed: int | None = None  # None: a fresh random deal

    def resolved_seed(self) -> int:
        return self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)

    @classmethod
    def from_record(cls, record: dict) -> "GameConfig":
        seats = [Seat(p.get("name", f"Player {i + 1}"), p.get("seat", "human"),
                      int(p.get("colour", i)) if str(p.get("colour", i)).isdigit() else i)
                 for i, p in enumerate(record.get("players", []))]
        return cls(seats, Rules.from_json(record.get("rules")), record.get("seed"))
