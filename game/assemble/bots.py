"""Alice Assemble bots that need the rules: the greedy `easy` bot."""

from __future__ import annotations

import random

from .scoring import POPCOUNT, module_sizes, score_sizes
from .view import AssembleView


def placement_value(line, card: int, pos: int, capacity: int, flaw: bool,
                    identity: bool) -> tuple[int, int]:
    """How good a line is after putting `card` at `pos`: (score now, points of every module)."""
    if identity and line and pos == len(line):
        capacity -= 1
    sizes = module_sizes(line[:pos] + [card] + line[pos:])
    return score_sizes(sizes, capacity, flaw), sum(s * s for s in sizes)


def best_placements(view: AssembleView, lane: int, card: int) -> tuple[tuple[int, int], list[int]]:
    """The best value reachable by placing `card` in `lane`, and every position that reaches it."""
    info = view.lanes[lane]
    line = list(info.line)
    rules = view.rules
    best, where = None, []
    for pos in range(len(line) + 1):
        if rules.identity and line and pos == len(line) and info.capacity == 1:
            continue
        value = placement_value(line, card, pos, info.capacity, rules.flaw, rules.identity)
        if best is None or value > best:
            best, where = value, [pos]
        elif value == best:
            where.append(pos)
    return best, where


class EasyBot:
    """Greedy: the placement that scores most now; the card whose best placement scores most."""

    name = "easy"

    def __init__(self, seed: int | None = None, think: float | None = None):
        self.rng = random.Random(seed)

    def decide(self, view: AssembleView, legal: list):
        lane = view.active_lane
        if view.phase == "place":
            _, where = best_placements(view, lane, view.lanes[lane].bench)
            allowed = [a for a in legal if a.value in where]
            return self.rng.choice(allowed or legal)
        scored = []
        for action in legal:
            value, _ = best_placements(view, lane, action.value)
            scored.append((value, POPCOUNT[action.value], action))
        top = max(item[:2] for item in scored)
        return self.rng.choice([item[2] for item in scored if item[:2] == top])


def _levels() -> dict:
    from ..bots import RandomBot
    return {"random": RandomBot, "easy": EasyBot}


LEVELS = _levels()
