"""Built-in bots. A bot sees only its player's view and the legal actions, and returns one of them.

Bots are seeded so that games are reproducible; `make_bot` builds one from a seat name as used on
the command line and in records (`random`, `easy`, ...). Each game lists its levels in its own bots
module (see game.registry.BOTS).
"""

from __future__ import annotations

import random
from typing import Protocol


class Bot(Protocol):
    name: str

    def decide(self, view, legal: list):
        """Choose one element of `legal`, knowing only `view`."""


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None, think: float | None = None):
        self.rng = random.Random(seed)

    def decide(self, view, legal: list):
        return self.rng.choice(legal)


def _levels(game: str) -> dict:
    from ..registry import bot_module
    return bot_module(game).LEVELS


def bot_levels(game: str) -> list[str]:
    return list(_levels(game))


def make_bot(seat: str, game: str, seed: int | None = None, think: float | None = None):
    if seat.startswith("cmd:"):
        raise ValueError("external bots (cmd:...) are not supported yet")
    levels = _levels(game)
    if seat not in levels:
        raise ValueError(f"unknown seat {seat!r}: use one of {', '.join(levels)}")
    return levels[seat](seed=seed, think=think)
