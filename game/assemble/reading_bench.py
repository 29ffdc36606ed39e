"""Issue 57 item 3's ceilings (benchmark only): `python -m game.assemble.reading_bench LADDER-ARGS`
runs game.tools.ladder with these extra levels seatable in a pairing (docs/bot-strength.md, "Reading
opponents"):

- `glow`, `ghigh`: in-process greedy players that break ties between takes by the low card or the
  high card (search's LOW and HIGH models, what tests/bots/greedy_bot.py plays over the protocol,
  without a process per seat);
- `hard-told-low`, `hard-told-high`: hard with its search's model of every other lane fixed to
  that exact policy (the ceiling of reading: nothing left to learn);
- `hard-told-low-ownlow`: the same with its own lanes' playouts the low-card habit too.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from . import learned
from .bots import HardBot
from .search import HIGH, LOW, NORMAL, model_action
from .setup import Action
from .view import AssembleView


class GreedyLow:
    """Greedy, ties between takes to the lower card."""

    name = "glow"
    MODEL = LOW

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: AssembleView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return model_action(view.sample_state(self.rng), self.MODEL, self.rng.random)


class GreedyHigh(GreedyLow):
    name = "ghigh"
    MODEL = HIGH


def told(model: int, name: str, own: int = NORMAL) -> type[HardBot]:
    """Hard whose search plays every other lane as `model` and its own as `own`."""

    class Told(HardBot):
        def models(self, view: AssembleView) -> tuple[int, ...]:
            return tuple(own if lane.owner == view.player else model for lane in view.lanes)

    Told.name = name
    return Told


LEVELS: dict[str, Any] = {
    "glow": GreedyLow, "ghigh": GreedyHigh,
    "hard-told-low": told(LOW, "hard-told-low"), "hard-told-high": told(HIGH, "hard-told-high"),
    "hard-told-low-ownlow": told(LOW, "hard-told-low-ownlow", LOW)}


def register() -> None:
    """Make the levels seatable as ladder trials (this process only: use --workers 1)."""
    learned.TRIALS.update(LEVELS)


def main(argv: list[str] | None = None) -> int:
    from ..tools import ladder
    register()
    return ladder.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
